import path from "node:path";
import type { AppServer } from "../server/app-contract";
import { EnvError, parseEnv, type Env } from "~/config/env.server";
import { CACHE_POLICY } from "~/route-support/cache-policy";
import { contentSecurityPolicy, policyHeader } from "~/route-support/content-security-policy.server";
import { CHAPTERS_TYPE } from "~/rules/chapters";
import { TRANSCRIPT_TYPE } from "~/rules/transcript";
import { CROSS_SITE_REFUSAL, isCrossSiteWrite } from "~/route-support/guards.server";
import { createLoadContext } from "~/load-context";
import { writeProgress } from "~/route-support/progress-write.server";
import { isDatabaseUsable, openDatabase } from "~/adapters/sqlite/db.server";
import { seedIfEmpty } from "~/adapters/sqlite/seed.server";
import { createSqliteCatalog } from "~/adapters/sqlite/catalog.server";
import { createSqliteContent, createSqliteGallery } from "~/adapters/sqlite/content.server";
import { isPostgresOutage, isPostgresUsable, openPostgres, preparePostgres } from "~/adapters/postgres/db.server";
import { createPostgresInvalidations, type Invalidations } from "~/adapters/postgres/invalidations.server";
import { watchCalls, withOutages, type CallState } from "~/services/outage.server";
import { createPostgresCatalog } from "~/adapters/postgres/catalog.server";
import { createPostgresContent, createPostgresGallery } from "~/adapters/postgres/content.server";
import {
  createListenerStates,
  createPostgresAccounts,
  createPostgresLibrary,
} from "~/adapters/postgres/accounts.server";
import {
  createPostgresFailureLog,
  createPostgresMailLog,
  createPostgresSessionStore,
} from "~/adapters/postgres/sessions.server";
import { createPostgresRateLimitStore } from "~/adapters/postgres/rate-limits.server";
import { invalidateReadCache, REMOTE_STALE_MS, withReadCache } from "~/services/read-cache.server";
import { createSupabaseCatalog } from "~/adapters/supabase/catalog.server";
import { createWordPressContent, createWordPressGallery } from "~/adapters/wordpress/content.server";
import { createSqliteAccounts, createSqliteLibrary } from "~/adapters/sqlite/accounts.server";
import { createFirebaseFromEnv } from "~/adapters/firebase/from-env.server";
import { createFirebaseIdTokens } from "~/adapters/firebase/id-tokens.server";
import { readServiceAccount } from "~/config/service-account.server";
import {
  createSqliteFailureLog,
  createSqliteMailLog,
  createSqliteSessionStore,
} from "~/adapters/sqlite/sessions.server";
import { createAuth, PLAIN_HTTP_COOKIE_NOTICE, type FailureLog, type SessionStore } from "~/services/auth.server";
import { createAccountEmail, type MailLog } from "~/services/account-email.server";
import { createAccountData, type AccountDataStore } from "~/services/account-data.server";
import { createMailerFromEnv, MAIL_CONSOLE_NOTICE } from "~/adapters/mail/mailer.server";
import { createPasswords } from "~/services/password.server";
import type { Services } from "~/services/services.server";
import type { Catalog } from "~/services/catalog.server";
import type { Content, Gallery } from "~/services/content.server";
import { AccountError, type Accounts, type Library } from "~/services/accounts.server";
import { SESSION_MAX_AGE_S } from "~/rules/auth";
import { NOW_PLAYING_PUSH } from "~/rules/now-playing";
import { createNowPlayingFromEnv } from "~/adapters/now-playing/from-env.server";
import { createLiveStatus } from "~/services/live-status.server";
import { createMediaFolder, GALLERY_MEDIA_FOLDER } from "~/adapters/files/media-folder.server";
import type { Positions } from "~/services/positions.server";
import { createSqlitePositions } from "~/adapters/sqlite/positions.server";
import { createPostgresPositions } from "~/adapters/postgres/positions.server";
import { statsFor, type ListeningStore } from "~/services/listening.server";
import { createSqliteListening } from "~/adapters/sqlite/listening.server";
import { createPostgresListening } from "~/adapters/postgres/listening.server";
import { NO_MEDIA_FILES } from "~/services/media-files.server";
import { createEpisodeExtras } from "~/adapters/files/episode-extras.server";
import { createSqliteUpNext } from "~/adapters/sqlite/up-next.server";
import { createPostgresUpNext } from "~/adapters/postgres/up-next.server";
import type { UpNextStore } from "~/services/up-next.server";
import { configureLog, log } from "~/services/log.server";

/**
 * Everything the app keeps itself, in one engine: the embedded SQLite file under DATA_DIR, or
 * PostgreSQL when DATABASE_URL is set (then shared by every instance, rate limits included).
 */
interface Stores {
  catalog: Catalog;
  content: Content;
  gallery: Gallery;
  accounts: Accounts;
  library: Library;
  upNext: UpNextStore;
  positions: Positions;
  listening: ListeningStore;
  sessions: SessionStore;
  failures: FailureLog;
  mails: MailLog;
  rateLimitStore: AppServer["rateLimitStore"];
  /** Shared stores only: tells the other instances to drop their caches, and hears them. */
  invalidations?(onRemote: (reason: string) => void): Promise<Invalidations>;
  usable(): Promise<boolean>;
  /** Password checks can wait no more (readiness says so, so a balancer sends sign-ins elsewhere). */
  passwordsFull(): boolean;
  close(): Promise<void>;
}

async function openStores(env: Env): Promise<Stores> {
  const sampleDir = path.resolve(env.SAMPLE_DIR);
  const sessionTtlMs = SESSION_MAX_AGE_S * 1000;
  const passwords = createPasswords(env.PASSWORD_HASH_ITERATIONS, {
    threads: env.PASSWORD_HASH_THREADS,
    queue: env.PASSWORD_HASH_QUEUE,
  });
  if (env.DATABASE_URL) {
    const pool = openPostgres({
      url: env.DATABASE_URL,
      poolMax: env.DATABASE_POOL_MAX,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    });
    try {
      await preparePostgres(pool, sampleDir, path.resolve("public"));
    } catch (error) {
      await pool.end();
      // Reported like a bad variable: one line naming it, no stack trace.
      throw new EnvError(`DATABASE_URL: the database could not be prepared (${(error as Error).message})`);
    }
    // A database out of reach is an outage (503, retry), never a 500.
    const guard = <T extends object>(name: string, store: T) => withOutages(name, store, isPostgresOutage);
    let invalidations: Invalidations | undefined;
    const listenerStates = createListenerStates(pool);
    return {
      catalog: guard("catalog", createPostgresCatalog(pool)),
      content: guard("content", createPostgresContent(pool)),
      gallery: guard("gallery", createPostgresGallery(pool)),
      accounts: guard("accounts", createPostgresAccounts(pool, passwords)),
      library: guard("library", createPostgresLibrary(pool, listenerStates, { favoritesMax: env.FAVORITES_MAX })),
      upNext: guard("upNext", createPostgresUpNext(pool, { max: env.UP_NEXT_MAX })),
      positions: guard("positions", createPostgresPositions(pool)),
      listening: guard("listening", createPostgresListening(pool)),
      sessions: guard("sessions", createPostgresSessionStore(pool, sessionTtlMs, listenerStates)),
      failures: guard("failures", createPostgresFailureLog(pool)),
      mails: guard("mails", createPostgresMailLog(pool)),
      rateLimitStore: (tier) => createPostgresRateLimitStore(pool, tier),
      async invalidations(onRemote) {
        invalidations = await createPostgresInvalidations(pool, env.DATABASE_URL!, onRemote);
        return invalidations;
      },
      usable: () => isPostgresUsable(pool),
      passwordsFull: passwords.full,
      async close() {
        await invalidations?.close();
        await pool.end();
      },
    };
  }
  const db = openDatabase(path.resolve(env.DATA_DIR));
  seedIfEmpty(db, sampleDir, path.resolve("public"));
  return {
    catalog: createSqliteCatalog(db),
    content: createSqliteContent(db),
    gallery: createSqliteGallery(db),
    accounts: createSqliteAccounts(db, passwords),
    library: createSqliteLibrary(db, { favoritesMax: env.FAVORITES_MAX }),
    upNext: createSqliteUpNext(db, { max: env.UP_NEXT_MAX }),
    positions: createSqlitePositions(db),
    listening: createSqliteListening(db),
    sessions: createSqliteSessionStore(db, sessionTtlMs),
    failures: createSqliteFailureLog(db),
    mails: createSqliteMailLog(db),
    rateLimitStore: undefined,
    usable: async () => isDatabaseUsable(db),
    passwordsFull: passwords.full,
    async close() {
      if (db.open) db.close();
    },
  };
}

/** Build every service once from validated env. Routes get them through the load context. */
export async function createServices(env: Env, stores?: Stores): Promise<Services> {
  const store = stores ?? (await openStores(env));
  const remote = { timeoutMs: env.UPSTREAM_TIMEOUT_MS };
  // Each remote system is watched for /healthz (its last call reached it or not).
  const upstreams: Record<string, () => CallState> = {};
  const watched = <T extends object>(name: string, service: T, counts?: (error: unknown) => boolean) => {
    const watch = watchCalls(service, counts);
    upstreams[name] = watch.state;
    return watch.service;
  };
  // A remote system's last good copy is served while it is down.
  const remoteCached = <T extends object>(name: string, service: T) =>
    withReadCache(name, watched(name, service), { staleMs: REMOTE_STALE_MS });
  const catalog =
    env.CATALOG_SOURCE === "supabase"
      ? remoteCached(
          "catalog",
          createSupabaseCatalog({
            url: env.SUPABASE_URL!,
            anonKey: env.SUPABASE_ANON_KEY!,
            coldCutTable: env.SUPABASE_COLDCUT_TABLE,
            ...remote,
          }),
        )
      : withReadCache("catalog", store.catalog);
  const content =
    env.CONTENT_SOURCE === "wordpress"
      ? remoteCached("content", createWordPressContent({ apiUrl: env.WORDPRESS_API_URL!, ...remote }))
      : withReadCache("content", store.content);
  const gallery =
    env.GALLERY_SOURCE === "wordpress"
      ? remoteCached("gallery", createWordPressGallery({ apiUrl: env.GALLERY_API_URL!, ...remote }))
      : withReadCache("gallery", store.gallery);
  const firebase = env.ACCOUNTS_SOURCE === "firebase" ? createFirebaseFromEnv(env) : null;
  // A refused password or a taken e-mail is an answer from Firebase, not a failure to reach it.
  const { accounts, library, upNext, positions } = firebase
    ? {
        accounts: watched("accounts", firebase.accounts, (error) => !AccountError.is(error)),
        library: watched("library", firebase.library),
        upNext: watched("upNext", firebase.upNext),
        positions: watched("positions", firebase.positions),
      }
    : store;
  const auth = createAuth({
    accounts,
    library,
    sessions: store.sessions,
    failures: store.failures,
    idTokens:
      firebase && env.FIREBASE_AUTH_DOMAIN
        ? createFirebaseIdTokens({
            projectId: env.FIREBASE_PROJECT_ID!,
            serviceAccount: env.FIREBASE_SERVICE_ACCOUNT ? readServiceAccount(env.FIREBASE_SERVICE_ACCOUNT) : null,
          })
        : undefined,
    config: {
      secureCookies: env.secureCookies,
      secrets: env.sessionSecrets,
      siteUrl: env.SITE_URL,
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, oauthUrl: env.GOOGLE_OAUTH_URL }
          : undefined,
      facebook:
        env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
          ? { clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET }
          : undefined,
    },
  });
  const accountEmail = createAccountEmail({
    accounts,
    sessions: store.sessions,
    failures: store.failures,
    mails: store.mails,
    mailer: createMailerFromEnv(env),
    siteUrl: env.SITE_URL ?? `http://localhost:${env.PORT}`,
  });
  // Every store that keeps something per listener, once: the download reads these, deletion empties them.
  const listenerStores: AccountDataStore[] = [
    {
      key: "library",
      exportFor: async (uid) => {
        const [favorites, lastAudio, userRecord, adultConfirmed] = await Promise.all([
          library.favorites(uid),
          library.activeAudioSync(uid),
          library.userRecord(uid),
          library.isAdultConfirmed(uid),
        ]);
        return { favorites, lastAudio, userRecord, adultConfirmed };
      },
      deleteAllFor: (uid) => library.deleteAllFor(uid),
    },
    { key: "upNext", exportFor: (uid) => upNext.exportFor(uid), deleteAllFor: (uid) => upNext.deleteAllFor(uid) },
    {
      key: "positions",
      exportFor: async (uid) => (await positions.exportFor(uid)).positions,
      deleteAllFor: (uid) => positions.deleteAllFor(uid),
    },
    {
      key: "listening",
      exportFor: async (uid) => {
        const [speeds, stats] = await Promise.all([
          store.listening.speeds(uid),
          statsFor({ catalog, positions, listening: store.listening }, uid),
        ]);
        return { speeds, stats };
      },
      deleteAllFor: (uid) => store.listening.deleteAllFor(uid),
    },
  ];
  const nowPlaying = createNowPlayingFromEnv(env);
  const invalidationListeners = new Set<(reason: string) => void>();
  const dropCaches = (reason: string) => {
    for (const service of [catalog, content, gallery]) invalidateReadCache(service);
    for (const listener of invalidationListeners) listener(reason);
  };
  const others = await store.invalidations?.(dropCaches);
  return {
    catalog,
    content,
    gallery,
    galleryFiles:
      env.GALLERY_SOURCE === "wordpress"
        ? NO_MEDIA_FILES
        : createMediaFolder(path.resolve(env.SAMPLE_DIR, GALLERY_MEDIA_FOLDER)),
    episodeExtras: createEpisodeExtras({ publicDir: path.resolve("public") }),
    accounts,
    library,
    upNext,
    positions,
    listening: store.listening,
    auth,
    accountEmail,
    accountData: createAccountData({
      accounts,
      auth,
      sessions: store.sessions,
      failures: store.failures,
      accountEmail,
      stores: listenerStores,
    }),
    nowPlaying,
    live: createLiveStatus(nowPlaying),
    siteUrl: env.SITE_URL,
    podcastOwnerEmail: env.PODCAST_OWNER_EMAIL,
    podcastFundingUrl: env.PODCAST_FUNDING_URL,
    favorites: { max: env.FAVORITES_MAX, pageSize: env.FAVORITES_PAGE_SIZE },
    upNextMax: env.UP_NEXT_MAX,
    publicConfig: {
      liveStreamUrl: env.LIVE_STREAM_URL,
      contentSiteUrl: env.CONTENT_SITE_URL,
      helpUrl: env.HELP_URL,
      specialFeatureUrl: env.SPECIAL_FEATURE_URL,
      aboutVideoUrl: env.ABOUT_VIDEO_URL,
      spotifyShowUrl: env.SPOTIFY_SHOW_URL ?? null,
      firebase:
        env.FIREBASE_API_KEY && env.FIREBASE_PROJECT_ID && env.FIREBASE_APP_ID
          ? {
              apiKey: env.FIREBASE_API_KEY,
              projectId: env.FIREBASE_PROJECT_ID,
              appId: env.FIREBASE_APP_ID,
              authDomain: firebase ? (env.FIREBASE_AUTH_DOMAIN ?? null) : null,
              measurementId: env.FIREBASE_MEASUREMENT_ID ?? null,
              authEmulator: env.FIREBASE_AUTH_EMULATOR_HOST ?? null,
            }
          : null,
      analytics:
        env.ANALYTICS_PROVIDER === "none"
          ? null
          : {
              provider: env.ANALYTICS_PROVIDER,
              endpoint: env.ANALYTICS_ENDPOINT ?? null,
              domain: env.ANALYTICS_DOMAIN ?? (env.SITE_URL ? new URL(env.SITE_URL).host : null),
              // Google Analytics sets cookies and an identifier: always asked for.
              askConsent: env.ANALYTICS_PROVIDER === "firebase" || env.ANALYTICS_CONSENT === "ask",
            },
    },
    async health() {
      const database: CallState = (await store.usable()) ? "ok" : "down";
      const passwords = store.passwordsFull() ? ("full" as const) : ("ok" as const);
      const remote = Object.fromEntries(Object.entries(upstreams).map(([n, state]) => [n, state()]));
      const checks = { database, passwords, ...remote };
      return {
        ok: Object.values(checks).every((s) => s !== "down" && s !== "full"),
        ready: database === "ok" && passwords === "ok",
        checks,
      };
    },
    invalidate(reason) {
      dropCaches(reason);
      others?.publish(reason).catch((error: Error) => {
        log.error(`[postgres] could not tell the other instances (${reason}): ${error.message}`);
      });
    },
    onInvalidate(listener) {
      invalidationListeners.add(listener);
      return () => invalidationListeners.delete(listener);
    },
    close: () => store.close(),
  };
}

/** Everything the Express server takes from the app; throws an `EnvError` on bad configuration. */
export async function createAppServer(
  source: Record<string, string | undefined> = process.env,
): Promise<AppServer & { services: Services }> {
  const env = parseEnv(source);
  configureLog(env);
  const stores = await openStores(env);
  const services = await createServices(env, stores);
  const getLoadContext = createLoadContext(services);
  // One policy, two ways of allowing a page's own inline scripts: this response's nonce, or (a page
  // every anonymous listener shares byte for byte) their hashes.
  const policy = (scripts: string[]) =>
    contentSecurityPolicy(
      scripts,
      {
        helpUrl: env.HELP_URL,
        specialFeatureUrl: env.SPECIAL_FEATURE_URL,
        contentSiteUrl: env.CONTENT_SITE_URL,
        liveStreamUrl: env.LIVE_STREAM_URL,
        galleryUrl: env.GALLERY_API_URL,
        wordpressUrl: env.WORDPRESS_API_URL,
        production: env.NODE_ENV === "production",
      },
      {
        firebaseAuth: env.FIREBASE_AUTH_DOMAIN
          ? { authDomain: env.FIREBASE_AUTH_DOMAIN, emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST }
          : undefined,
        analytics:
          env.ANALYTICS_PROVIDER === "firebase"
            ? { provider: "firebase" }
            : env.ANALYTICS_PROVIDER === "plausible" && env.ANALYTICS_ENDPOINT
              ? { provider: "plausible", endpoint: env.ANALYTICS_ENDPOINT }
              : undefined,
        signInOrigins: services.auth.signInOrigins,
      },
    );
  return {
    env,
    contentSecurityPolicy: (path, scripts) => policyHeader(policy(scripts), path),
    startNotices: [
      ...(env.mailToConsole ? [MAIL_CONSOLE_NOTICE] : []),
      ...(env.NODE_ENV === "production" && !env.secureCookies ? [PLAIN_HTTP_COOKIE_NOTICE] : []),
    ],
    services,
    rateLimitStore: stores.rateLimitStore,
    getLoadContext,
    async progressWrite(cookie, clientAddress, contentType, body) {
      const answer = await writeProgress(getLoadContext(cookie, "", clientAddress), contentType, body);
      return { status: answer.status, headers: answer.headers, json: JSON.stringify(answer.body) };
    },
    isCrossSiteWrite,
    crossSiteRefusal: CROSS_SITE_REFUSAL,
    cachePolicy: CACHE_POLICY,
    episodeFileTypes: { chapters: CHAPTERS_TYPE, transcript: TRANSCRIPT_TYPE },
    nowPlayingPush: NOW_PLAYING_PUSH,
  };
}
