import type { Env } from "~/config/env.server";
import type { Accounts, Library } from "~/services/accounts.server";
import type { UpNextStore } from "~/services/up-next.server";
import { createFirebaseAccounts } from "./accounts.server";
import { readServiceAccount } from "~/config/service-account.server";
import { serviceAccountTokenProvider, staticAccessToken } from "./credentials.server";
import { createFirebaseLibrary } from "./library.server";
import { createFirebaseUpNext } from "./up-next.server";
import { createFirebasePositions } from "./positions.server";
import type { Positions } from "~/services/positions.server";

/**
 * ACCOUNTS_SOURCE=firebase: Accounts (Firebase Auth), Library and Positions (Realtime Database) sharing one
 * cached access token. firebase-admin is only imported when the first token is needed.
 */
export function createFirebaseFromEnv(env: Env): {
  accounts: Accounts;
  library: Library;
  upNext: UpNextStore;
  positions: Positions;
} {
  // The service account wins when both are set; the fixed token is for emulators and fakes.
  const getAccessToken = env.FIREBASE_SERVICE_ACCOUNT
    ? serviceAccountTokenProvider(readServiceAccount(env.FIREBASE_SERVICE_ACCOUNT))
    : staticAccessToken(env.FIREBASE_ACCESS_TOKEN!);
  const timeoutMs = env.UPSTREAM_TIMEOUT_MS;
  return {
    accounts: createFirebaseAccounts({
      apiKey: env.FIREBASE_API_KEY!,
      projectId: env.FIREBASE_PROJECT_ID!,
      authUrl: env.FIREBASE_AUTH_URL,
      getAccessToken,
      timeoutMs,
    }),
    library: createFirebaseLibrary({
      databaseUrl: env.FIREBASE_DATABASE_URL!,
      getAccessToken,
      timeoutMs,
      favoritesMax: env.FAVORITES_MAX,
    }),
    upNext: createFirebaseUpNext({
      databaseUrl: env.FIREBASE_DATABASE_URL!,
      getAccessToken,
      timeoutMs,
      max: env.UP_NEXT_MAX,
    }),
    positions: createFirebasePositions({ databaseUrl: env.FIREBASE_DATABASE_URL!, getAccessToken, timeoutMs }),
  };
}
