/** "My data" on /user: downloading what the site keeps about a listener, and deleting the account. */

/** The download's file name. */
export const MY_DATA_FILE_NAME = "ham-radio-show-my-data.json";
export const DOWNLOAD_MY_DATA = "Download my data";
export const DELETE_MY_ACCOUNT = "Delete my account";
export const DELETE_ACCOUNT_INTRO =
  "This deletes your account, your favorites, where you stopped listening and everything else the site keeps for you, and signs out every device. It cannot be undone.";
/** An account made with Google or Facebook has no password until the listener chooses one by mail. */
export const DELETE_ACCOUNT_NO_PASSWORD_HINT =
  "Signed up with Google or Facebook? Choose a password first with “Forgot password?” (we mail you a link), then come back here.";
export const DELETE_WRONG_PASSWORD = "That password is not right. Nothing was deleted.";
export const DELETE_FAILED = "Your account could not be deleted right now. Nothing was lost: please try again shortly.";
export const DELETE_INCOMPLETE =
  "Part of your account could not be deleted just now, and you may have been signed out. Please sign in again and delete it again in a few minutes.";
export const ACCOUNT_DELETED_TITLE = "Your account is deleted";
export const ACCOUNT_DELETED_TEXT =
  "Your account and everything the site kept for it are gone, and every device it was signed in on is signed out. We mailed a note to its address.";

export const accountDeletedMail = (signUpLink: string) => ({
  subject: "Your account was deleted — The Ham Radio Show",
  text: `Hi,\n\nYour Ham Radio Show account was deleted, with your favorites and where you stopped listening, and every device was signed out.\n\nIf you did not ask for this, someone knew your password: you can make a new account here:\n\n${signUpLink}\n`,
});
