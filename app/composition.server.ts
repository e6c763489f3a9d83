import path from "node:path";
import type { AppServer } from "../server/app-contract";
import { parseEnv, type Env } from "~/config/env.server";
import { CACHE_POLICY } from "~/http/cache-policy";
import { CROSS_SITE_REFUSAL, isCrossSiteWrite } from "~/http/guards.server";
import { createLoadContext } from "~/load-context";
import { withTiming } from "~/services/request-timing.server";
import { isDatabaseUsable, openDatabase, type Db } from "~/adapters/sqlite/db.server";
import { seedIfEmpty } from "~/adapters/sqlite/seed.server";
import { createSqliteCatalog } from "~/adapters/sqlite/catalog.server";
import { createSqliteContent, createSqliteGallery } from "~/adapters/sqlite/content.server";
import { invalidateReadCache, REMOTE_STALE_MS, withReadCache } from "~/services/read-cache.server";
import { createSupabaseCatalog } from "~/adapters/supabase/catalog.server";
import { createWordPressContent, createWordPressGallery } from "~/adapters/wordpress/content.server";
import { createSqliteAccounts, createSqliteLibrary } from "~/adapters/sqlite/accounts.server";
import { createFirebaseFromEnv } from "~/adapters/firebase/from-env.server";
import { createSqliteFailureLog, createSqliteSessionStore } from "~/adapters/sqlite/sessions.server";
import { createAuth } from "~/services/auth.server";
import { createPasswords } from "~/services/password.server";
import type { Services } from "~/services/services.server";
import { SESSION_MAX_AGE_S } from "~/rules/auth";
import { createNowPlayingFromEnv } from "~/adapters/now-playing/from-env.server";

/** Build every service once from validated env. Routes get them through the load context. */
export function createServices(env: Env): Services {
  const db: Db = openDatabase(path.resolve(env.DATA_DIR));
  seedIfEmpty(db, path.resolve(env.SAMPLE_DIR), path.resolve("public"));
  const remote = { timeoutMs: env.UPSTREAM_TIMEOUT_MS };
  // A remote system's last good copy is served while it is down.
  const stale = { staleMs: REMOTE_STALE_MS };
  const catalog =
    env.CATALOG_SOURCE === "supabase"
      ? withReadCache(
          "catalog",
          createSupabaseCatalog({
            url: env.SUPABASE_URL!,
            anonKey: env.SUPABASE_ANON_KEY!,
            coldCutTable: env.SUPABASE_COLDCUT_TABLE,
            ...remote,
          }),
          stale,
        )
      : withReadCache("catalog", createSqliteCatalog(db));
  const content =
    env.CONTENT_SOURCE === "wordpress"
      ? withReadCache("content", createWordPressContent({ apiUrl: env.WORDPRESS_API_URL!, ...remote }), stale)
      : withReadCache("content", createSqliteContent(db));
  const gallery =
    env.GALLERY_SOURCE === "wordpress"
      ? withReadCache("gallery", createWordPressGallery({ apiUrl: env.GALLERY_API_URL!, ...remote }), stale)
      : withReadCache("gallery", createSqliteGallery(db));
  const { accounts, library } =
    env.ACCOUNTS_SOURCE === "firebase"
      ? createFirebaseFromEnv(env)
      : {
          accounts: createSqliteAccounts(db, createPasswords(env.PASSWORD_HASH_COST)),
          library: createSqliteLibrary(db),
        };
  const auth = createAuth({
    accounts,
    library,
    sessions: createSqliteSessionStore(db, SESSION_MAX_AGE_S * 1000),
    failures: createSqliteFailureLog(db),
    config: {
      production: env.NODE_ENV === "production",
      secrets: env.sessionSecrets,
      siteUrl: env.SITE_URL,
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
          : undefined,
      facebook:
        env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
          ? { clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET }
          : undefined,
    },
  });
  const invalidationListeners = new Set<(reason: string) => void>();
  return {
    catalog,
    content,
    gallery,
    accounts,
    library,
    auth,
    nowPlaying: createNowPlayingFromEnv(env),
    siteUrl: env.SITE_URL,
    publicConfig: {
      liveStreamUrl: env.LIVE_STREAM_URL,
      contentSiteUrl: env.CONTENT_SITE_URL,
      helpUrl: env.HELP_URL,
      specialFeatureUrl: env.SPECIAL_FEATURE_URL,
      aboutVideoUrl: env.ABOUT_VIDEO_URL,
    },
    async health() {
      const store = isDatabaseUsable(db) ? "ok" : "down";
      return { ok: store === "ok", checks: { store } };
    },
    invalidate(reason) {
      for (const service of [catalog, content, gallery]) invalidateReadCache(service);
      for (const listener of invalidationListeners) listener(reason);
    },
    onInvalidate(listener) {
      invalidationListeners.add(listener);
      return () => invalidationListeners.delete(listener);
    },
    close() {
      if (db.open) db.close();
    },
  };
}

/** Everything the Express server takes from the app; throws an `EnvError` on bad configuration. */
export function createAppServer(source: Record<string, string | undefined> = process.env): AppServer {
  const env = parseEnv(source);
  const services = createServices(env);
  return {
    env,
    services,
    getLoadContext: createLoadContext(services, env.SERVER_MEMO === "on"),
    withTiming,
    isCrossSiteWrite,
    crossSiteRefusal: CROSS_SITE_REFUSAL,
    cachePolicy: CACHE_POLICY,
  };
}
