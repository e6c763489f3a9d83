import path from "node:path";
import type { Env } from "~/config/env.server";
import { isDatabaseUsable, openDatabase, type Db } from "~/adapters/sqlite/db.server";
import { seedIfEmpty } from "~/adapters/sqlite/seed.server";
import { createSqliteCatalog } from "~/adapters/sqlite/catalog.server";
import { createSqliteContent, createSqliteGallery } from "~/adapters/sqlite/content.server";
import type { Catalog } from "./catalog.server";
import type { Content, Gallery } from "./content.server";
import { clearServiceCache, withCache } from "./cache.server";
import { withResilientCache } from "./resilient-cache.server";
import { createSupabaseCatalog } from "~/adapters/supabase/catalog.server";
import { createWordPressContent, createWordPressGallery } from "~/adapters/wordpress/content.server";
import { createSqliteAccounts, createSqliteLibrary } from "~/adapters/sqlite/accounts.server";
import { createFirebaseFromEnv } from "~/adapters/firebase/from-env.server";
import { createSqliteFailureLog, createSqliteSessionStore } from "~/adapters/sqlite/sessions.server";
import type { Accounts, Library } from "./accounts.server";
import { createAuth, type Auth } from "./auth.server";
import { SESSION_MAX_AGE_S } from "~/rules/auth";
import type { NowPlayingService } from "./now-playing.server";
import { createNowPlayingFromEnv } from "~/adapters/now-playing/from-env.server";

/** Configuration the browser may see (no secrets). */
export interface PublicConfig {
  liveStreamUrl: string;
  contentSiteUrl: string;
  helpUrl: string;
  specialFeatureUrl: string;
  aboutVideoUrl: string;
}

export interface Services {
  catalog: Catalog;
  content: Content;
  gallery: Gallery;
  accounts: Accounts;
  library: Library;
  auth: Auth;
  /** Live now-playing, cached: one upstream call per 10 s per server (SPEC §4, §8). */
  nowPlaying: NowPlayingService;
  publicConfig: PublicConfig;
  siteUrl: string | undefined;
  health(): Promise<{ ok: boolean; checks: Record<string, "ok" | "down"> }>;
  /**
   * The catalog or content changed: forget the cached reads (remote copies become stale) and
   * tell every listener (the server's render cache). Call it after writing catalog/content
   * data; the server also calls it on SIGHUP.
   */
  invalidate(reason: string): void;
  /** Subscribes to `invalidate`; returns the unsubscribe function. */
  onInvalidate(listener: (reason: string) => void): () => void;
  close(): void;
}

/** Build every service once from validated env. Routes get them through the load context. */
export function createServices(env: Env): Services {
  const db: Db = openDatabase(path.resolve(env.DATA_DIR));
  seedIfEmpty(db, path.resolve(env.SAMPLE_DIR), path.resolve("public"));
  const remote = { timeoutMs: env.UPSTREAM_TIMEOUT_MS };
  const catalog =
    env.CATALOG_SOURCE === "supabase"
      ? withResilientCache(
          "catalog",
          createSupabaseCatalog({ url: env.SUPABASE_URL!, anonKey: env.SUPABASE_ANON_KEY!, coldCutTable: env.SUPABASE_COLDCUT_TABLE, ...remote }),
        )
      : withCache("catalog", createSqliteCatalog(db));
  const content =
    env.CONTENT_SOURCE === "wordpress"
      ? withResilientCache("content", createWordPressContent({ apiUrl: env.WORDPRESS_API_URL!, ...remote }))
      : withCache("content", createSqliteContent(db));
  const gallery =
    env.GALLERY_SOURCE === "wordpress"
      ? withResilientCache("gallery", createWordPressGallery({ apiUrl: env.GALLERY_API_URL!, ...remote }))
      : withCache("gallery", createSqliteGallery(db));
  const { accounts, library } =
    env.ACCOUNTS_SOURCE === "firebase"
      ? createFirebaseFromEnv(env)
      : { accounts: createSqliteAccounts(db), library: createSqliteLibrary(db) };
  const auth = createAuth({
    accounts,
    library,
    sessions: createSqliteSessionStore(db, SESSION_MAX_AGE_S * 1000),
    failures: createSqliteFailureLog(db),
    config: {
      production: env.NODE_ENV === "production",
      secrets: env.sessionSecrets,
      siteUrl: env.SITE_URL,
      google: env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } : undefined,
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
      for (const service of [catalog, content, gallery]) clearServiceCache(service);
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
