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
import { REAUTH_PROVIDER_PARAMS } from "~/rules/account-data";

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

/**
 * The provider's popup; resolves with the new Firebase user's ID token. Rejects with Firebase's
 * `auth/…` errors. `again`: the provider is asked to sign the listener in anew (ADR 052).
 */
export async function popupSignIn(
  config: FirebaseWebConfig,
  provider: "google" | "facebook",
  again = false,
): Promise<{ idToken: string; isNewUser: boolean }> {
  const authProvider = provider === "google" ? new GoogleAuthProvider() : new FacebookAuthProvider();
  if (again) authProvider.setCustomParameters(REAUTH_PROVIDER_PARAMS[provider]);
  const result = await signInWithPopup(authFor(config), authProvider);
  return { idToken: await result.user.getIdToken(), isNewUser: getAdditionalUserInfo(result)?.isNewUser ?? false };
}

export async function firebaseSignOut(): Promise<void> {
  if (auth?.currentUser) await signOut(auth);
}
