/** SPEC §5 favorites: refused without a signed-in user, an audio source and a title (logged only). */
export const FAVORITE_REFUSED_LOG = "User is not logged in or audio details are missing.";
