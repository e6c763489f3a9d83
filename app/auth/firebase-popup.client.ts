import {
  browserPopupRedirectResolver,
  connectAuthEmulator,
  FacebookAuthProvider,
  getAdditionalUserInfo,
  GoogleAuthProvider,
  inMemoryPersistence,
  initializeAuth,
  signInWithPopup,
  signOut,
  type Auth,
} from "firebase/auth";
import { firebaseApp, type FirebaseWebConfig } from "./firebase-app.client";

let auth: Auth | null = null;
function authFor(config: FirebaseWebConfig): Auth {
  if (auth) return auth;
  // Kept in memory only: our server session is the sign-in; the Firebase user lives just long
  // enough to hand its ID token over.
  auth = initializeAuth(firebaseApp(config), {
    persistence: inMemoryPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.authEmulator) connectAuthEmulator(auth, `http://${config.authEmulator}`, { disableWarnings: true });
  return auth;
}

/** The provider's popup; resolves with the new Firebase user's ID token. Rejects with Firebase's `auth/…` errors. */
export async function popupSignIn(
  config: FirebaseWebConfig,
  provider: "google" | "facebook",
): Promise<{ idToken: string; isNewUser: boolean }> {
  const result = await signInWithPopup(
    authFor(config),
    provider === "google" ? new GoogleAuthProvider() : new FacebookAuthProvider(),
  );
  return { idToken: await result.user.getIdToken(), isNewUser: getAdditionalUserInfo(result)?.isNewUser ?? false };
}

export async function firebaseSignOut(): Promise<void> {
  if (auth?.currentUser) await signOut(auth);
}
