import type { ServiceAccount } from "~/config/service-account.server";
import { RemoteError } from "../http/remote-json.server";

/**
 * Server credentials for the show's Firebase project.
 *
 * Admin calls (Identity Toolkit `projects/<id>/accounts…`, Realtime Database REST) carry a Google
 * OAuth2 access token minted from the project's service account. `firebase-admin` does the JWT
 * signing (`credential.cert(json).getAccessToken()`, scopes include identitytoolkit and
 * firebase.database); it is imported lazily, on the first token request, so the embedded default
 * never loads it. Tokens live an hour and are cached until five minutes before they expire.
 */
export type AccessTokenProvider = () => Promise<string>;

export interface OAuthToken {
  access_token: string;
  expires_in: number;
}

/**
 * Caches a token until `marginMs` before it expires; concurrent callers share one refresh; a
 * failed refresh is not cached (the next call tries again).
 */
export function cachedAccessToken(
  fetchToken: () => Promise<OAuthToken>,
  options: { now?: () => number; marginMs?: number; timeoutMs?: number } = {},
): AccessTokenProvider {
  const now = options.now ?? Date.now;
  const margin = options.marginMs ?? 5 * 60_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let cached: { token: string; expiresAt: number } | null = null;
  let inflight: Promise<string> | null = null;
  return async () => {
    if (cached && now() < cached.expiresAt - margin) return cached.token;
    inflight ??= (async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const token = await Promise.race([
          fetchToken(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new RemoteError("oauth2: token request timed out")), timeoutMs);
          }),
        ]);
        if (!token || typeof token.access_token !== "string" || !token.access_token)
          throw new RemoteError("oauth2: no access token");
        const lifetime = Number.isFinite(token.expires_in) && token.expires_in > 0 ? token.expires_in * 1000 : 60_000;
        cached = { token: token.access_token, expiresAt: now() + lifetime };
        return token.access_token;
      } catch (error) {
        if (error instanceof RemoteError) throw error;
        // firebase-admin's errors can quote the token endpoint's answer: keep only a short reason.
        throw new RemoteError(`oauth2: cannot get an access token (${error instanceof Error ? error.name : "error"})`);
      } finally {
        clearTimeout(timer);
        inflight = null;
      }
    })();
    return inflight;
  };
}

/** The production token provider: firebase-admin's service-account credential, loaded lazily. */
export function serviceAccountTokenProvider(account: ServiceAccount): AccessTokenProvider {
  let credential: Promise<{ getAccessToken(): Promise<OAuthToken> }> | null = null;
  return cachedAccessToken(async () => {
    credential ??= import("firebase-admin/app").then(({ cert }) =>
      cert({ projectId: account.project_id, clientEmail: account.client_email, privateKey: account.private_key }),
    );
    try {
      return await (await credential).getAccessToken();
    } catch (error) {
      credential = null;
      throw error;
    }
  });
}

/**
 * A fixed token (FIREBASE_ACCESS_TOKEN): for the Firebase emulators ("owner") and local fakes only —
 * real tokens expire within the hour.
 */
export const staticAccessToken =
  (token: string): AccessTokenProvider =>
  async () =>
    token;
