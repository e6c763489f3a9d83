import type { ServiceAccount } from "~/config/service-account.server";
import { IdTokenRefused, type IdTokenVerifier } from "~/services/auth.server";

/**
 * Firebase ID tokens from the browser's popup sign-in, checked with firebase-admin's
 * `verifyIdToken(token, checkRevoked)`: signature against Google's keys, audience and issuer of
 * this project, expiry, and that the account is neither disabled nor signed out since (an
 * Identity Toolkit lookup). With FIREBASE_AUTH_EMULATOR_HOST in the environment firebase-admin
 * talks to the emulator (unsigned tokens; env validation keeps that out of real deployments).
 * firebase-admin is imported on the first token, so a server without popup sign-in never loads it.
 */
export function createFirebaseIdTokens(options: {
  projectId: string;
  serviceAccount: ServiceAccount | null;
}): IdTokenVerifier {
  let auth: Promise<import("firebase-admin/auth").Auth> | null = null;
  const load = async () => {
    const [{ cert, getApps, initializeApp }, { getAuth }] = await Promise.all([
      import("firebase-admin/app"),
      import("firebase-admin/auth"),
    ]);
    const name = "hrs-id-tokens";
    const app =
      getApps().find((a) => a.name === name) ??
      initializeApp(
        {
          projectId: options.projectId,
          ...(options.serviceAccount
            ? {
                credential: cert({
                  projectId: options.serviceAccount.project_id,
                  clientEmail: options.serviceAccount.client_email,
                  privateKey: options.serviceAccount.private_key,
                }),
              }
            : {}),
        },
        name,
      );
    return getAuth(app);
  };
  return {
    async verify(idToken) {
      auth ??= load().catch((error: unknown) => {
        auth = null;
        throw error;
      });
      let decoded;
      try {
        decoded = await (await auth).verifyIdToken(idToken, true);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        // auth/… codes are refusals of the token; anything else (network, keys) is ours to report.
        if (typeof code === "string" && code.startsWith("auth/") && code !== "auth/internal-error")
          throw new IdTokenRefused(code);
        throw error;
      }
      const provider = decoded.firebase.sign_in_provider;
      return {
        uid: decoded.uid,
        email: typeof decoded.email === "string" ? decoded.email.toLowerCase() : null,
        provider: provider === "google.com" ? "google" : provider === "facebook.com" ? "facebook" : provider,
        authTimeS: decoded.auth_time,
      };
    },
  };
}
