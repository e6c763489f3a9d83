import { z } from "zod";
import { PASSWORD_HASH_ITERATIONS, PASSWORD_HASH_QUEUE } from "~/rules/auth";
import { FUNDING } from "~/rules/podcast";
import { FAVORITES_MAX, FAVORITES_PAGE_SIZE, UP_NEXT_MAX } from "~/rules/library";
import { readServiceAccount } from "./service-account.server";

/**
 * Every environment variable the server reads, validated once at start-up.
 * A bad or missing value is a clear error naming the variable (see README "Configuration").
 */
const optionalUrl = z
  .string()
  .trim()
  .url()
  .optional()
  .or(z.literal("").transform(() => undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    SAMPLE_DIR: z.string().trim().min(1).default("./sample"),
    /** Comma-separated list, newest first, so secrets can rotate. */
    SESSION_SECRET: z.string().optional(),
    /**
     * Public origin of the site: absolute links in feeds, share previews, the sitemap, mails and
     * OAuth callbacks. Required in production: unset, each request's own origin is used (ADR
     * 017b), which a client names itself (Host, X-Forwarded-Host) and a shared cache would keep.
     */
    SITE_URL: optionalUrl,
    /** The podcast feeds' owner (itunes:owner, podcast:locked): where directories verify ownership. */
    PODCAST_OWNER_EMAIL: z.string().trim().email().default("podcast@hamradioshow.net"),
    /** The feeds' podcast:funding: where listeners support the show. */
    PODCAST_FUNDING_URL: z.string().trim().url().default(FUNDING.defaultUrl),
    /** The show's Spotify page, offered under Subscribe (Spotify takes no feed URL); unset: not offered. */
    SPOTIFY_SHOW_URL: optionalUrl.refine((u) => u === undefined || u.startsWith("https://open.spotify.com/"), {
      message: "must be the show's page on https://open.spotify.com/",
    }),
    /** The show's content site (WordPress); slider links pointing here open as /Page/<path>. */
    CONTENT_SITE_URL: z.string().trim().url().default("https://www.hamradioshow.net"),
    HELP_URL: z.string().trim().url().default("https://www.hamradioshow.net/help/"),
    SPECIAL_FEATURE_URL: z.string().trim().url().default("https://www.hamradioshow.net/special-feature/"),
    ABOUT_VIDEO_URL: z.string().trim().min(1).default("/media/video/about-the-bunker.mp4"),
    LIVE_STREAM_URL: z.string().trim().url().default("https://streaming.live365.com/a93581"),
    NOW_PLAYING_KIND: z.enum(["live365", "icecast", "none"]).default("live365"),
    NOW_PLAYING_URL: optionalUrl,
    /** Where each service comes from (each chosen independently; see README "Configuration"). */
    CATALOG_SOURCE: z.enum(["embedded", "supabase"]).default("embedded"),
    SUPABASE_URL: optionalUrl,
    SUPABASE_ANON_KEY: z.string().trim().optional(),
    SUPABASE_COLDCUT_TABLE: z
      .string()
      .trim()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
      .default("ColdCut"),
    CONTENT_SOURCE: z.enum(["embedded", "wordpress"]).default("embedded"),
    WORDPRESS_API_URL: optionalUrl,
    GALLERY_SOURCE: z.enum(["embedded", "wordpress"]).default("embedded"),
    GALLERY_API_URL: optionalUrl,
    /** Accounts and the listener library (favorites, progress): embedded SQLite or the show's Firebase project. */
    ACCOUNTS_SOURCE: z.enum(["embedded", "firebase"]).default("embedded"),
    FIREBASE_API_KEY: z.string().trim().optional(),
    FIREBASE_PROJECT_ID: z.string().trim().optional(),
    FIREBASE_DATABASE_URL: optionalUrl,
    /** The service account JSON itself, or a path to the file. */
    FIREBASE_SERVICE_ACCOUNT: z.string().trim().optional(),
    /** A fixed access token instead of the service account: Firebase emulators ("owner") and local fakes only. */
    FIREBASE_ACCESS_TOKEN: z.string().trim().optional(),
    FIREBASE_AUTH_URL: z.string().trim().url().default("https://identitytoolkit.googleapis.com"),
    /** The web app's config (popup sign-in in the browser): the auth domain (<project>.firebaseapp.com) and app id. */
    FIREBASE_AUTH_DOMAIN: z
      .string()
      .trim()
      .regex(/^[a-z0-9.-]+(:\d+)?$/i, "must be a host name, e.g. <project>.firebaseapp.com")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    FIREBASE_APP_ID: z.string().trim().optional(),
    /** GA4 measurement id (G-…) of the web app: ANALYTICS_PROVIDER=firebase. */
    FIREBASE_MEASUREMENT_ID: z
      .string()
      .trim()
      .regex(/^G-[A-Z0-9]+$/, "must be a GA4 measurement id (G-…)")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /**
     * host:port of an Auth emulator (or a local fake speaking its protocol): firebase-admin verifies
     * ID tokens against it, and the browser's Firebase client is connected to it. Never in production.
     */
    FIREBASE_AUTH_EMULATOR_HOST: z
      .string()
      .trim()
      .regex(/^[a-z0-9.-]+:\d+$/i, "must be host:port")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Web analytics, off by default: Firebase Analytics (GA4, asks consent) or a cookieless Plausible-compatible endpoint. */
    ANALYTICS_PROVIDER: z.enum(["none", "firebase", "plausible"]).default("none"),
    /** The Plausible-compatible event endpoint, e.g. https://plausible.example.org/api/event. */
    ANALYTICS_ENDPOINT: optionalUrl,
    /** The site's name at the endpoint (Plausible's "domain"); default: SITE_URL's host, else each request's. */
    ANALYTICS_DOMAIN: z.string().trim().min(1).optional(),
    /** Ask consent before a cookieless provider too (Firebase Analytics always asks). */
    ANALYTICS_CONSENT: z.enum(["ask", "not-needed"]).default("not-needed"),
    /** Timeout of every call to a remote service (ms). */
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_000),
    /** Google and Facebook sign-in: offered only when both id and secret are set. */
    GOOGLE_CLIENT_ID: z.string().trim().optional(),
    GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
    /**
     * An OAuth server answering on Google's paths in place of Google's hosts (default: Google's).
     * https, or http on a loopback host: a local fake in tests.
     */
    GOOGLE_OAUTH_URL: optionalUrl.refine(
      (v) => !v || /^https:/.test(v) || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(v),
      "must be https (http only on a loopback host)",
    ),
    FACEBOOK_CLIENT_ID: z.string().trim().optional(),
    FACEBOOK_CLIENT_SECRET: z.string().trim().optional(),
    /** Requests per minute per client address, by tier (0 turns a tier off). */
    RATE_LIMIT_AUTH_PER_MIN: z.coerce.number().int().min(0).default(20),
    RATE_LIMIT_POST_PER_MIN: z.coerce.number().int().min(0).default(240),
    RATE_LIMIT_GET_PER_MIN: z.coerce.number().int().min(0).default(1200),
    /** The render path's bounds (server/shed.ts): at once, started per event-loop turn, waiting. */
    RENDER_CONCURRENCY: z.coerce.number().int().min(0).max(1000).default(8),
    RENDER_PER_TURN: z.coerce.number().int().min(1).max(1000).default(4),
    RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(256),
    /** The rules' favorites cap and page, lower only for tests (a cap reached with a small catalog). */
    FAVORITES_MAX: z.coerce.number().int().min(1).max(FAVORITES_MAX).default(FAVORITES_MAX),
    FAVORITES_PAGE_SIZE: z.coerce.number().int().min(1).max(FAVORITES_PAGE_SIZE).default(FAVORITES_PAGE_SIZE),
    /** Up Next's cap, likewise lower only for tests. */
    UP_NEXT_MAX: z.coerce.number().int().min(1).max(UP_NEXT_MAX).default(UP_NEXT_MAX),
    /**
     * What one client may hold (server/request-limits.ts): a POST body's size and the time for the
     * whole request to arrive; bodies under way at once per client address; open connections per
     * socket address (direct clients only: behind TRUST_PROXY_HOPS proxies, the proxy limits them).
     */
    REQUEST_BODY_MAX_KB: z.coerce.number().int().min(1).max(10_240).default(64),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(10_000),
    BODIES_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(8),
    CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(64),
    /**
     * Argon2id passes of new password hashes (t, at 19 MiB): OWASP's 2 at least; more makes every
     * check slower (tests of the busy answer raise it).
     */
    PASSWORD_HASH_ITERATIONS: z.coerce
      .number()
      .int()
      .min(PASSWORD_HASH_ITERATIONS)
      .max(1000)
      .default(PASSWORD_HASH_ITERATIONS),
    /** Password hashes at once, each on a worker thread (default: half the cores, at least one). */
    PASSWORD_HASH_THREADS: z.coerce.number().int().min(1).max(64).optional(),
    /** Password checks that may wait for a thread; past them sign-in and sign-up answer "busy" at once. */
    PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(1000).default(PASSWORD_HASH_QUEUE),
    /**
     * PostgreSQL instead of the embedded SQLite for every store it holds; with Firebase accounts or
     * the Supabase catalog it still holds the sessions, the sign-in failure log and the rate limits.
     */
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// or postgresql:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    /** Longest one statement may run before PostgreSQL cancels it (ms). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /**
     * Mail for confirming addresses and resetting passwords: smtp:// or smtps:// with credentials
     * and options in the URL. Unset: see MAIL_CONSOLE.
     */
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\/\S+$/, "must be an smtp:// or smtps:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /**
     * Without SMTP_URL, print those mails on the console (on) or have none (off). Default: on outside
     * production, off in it (a mail's link signs its reader in); `npm run app` turns it on.
     */
    MAIL_CONSOLE: z.enum(["on", "off"]).optional(),
    /**
     * The session cookie as `__Host-…; Secure` (on): browsers keep it only over HTTPS and on
     * localhost. Default: on in production; `npm run app` turns it off, so a phone on the LAN can
     * sign in over plain HTTP.
     */
    SECURE_COOKIES: z.enum(["on", "off"]).optional(),
    /** The sender of those mails, e.g. "The Ham Radio Show <no-reply@hamradioshow.net>". */
    MAIL_FROM: z.string().trim().min(3).max(320).optional(),
    /** Trust X-Forwarded-For from this many proxies (0 = use the socket address). */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /**
     * Prometheus metrics (server/observe.ts, ADR 061) on a port of their own, never the site's:
     * default 9464 in production, 0 = none. Several instances on one machine need one each.
     */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Where the metrics port listens: loopback unless a scraper elsewhere needs it. */
    METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
    /** A bearer token the metrics port then asks for (at least 16 characters). */
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(16)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Log lines at this level and above; `info` has one line per request. */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** JSON lines (production's default) or pino-pretty's coloured lines (`npm run app`). */
    LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  })
  .superRefine((env, ctx) => {
    const need = (when: boolean, key: keyof typeof env, why: string) => {
      if (when && !env[key])
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: `${String(key)} is required ${why}` });
    };
    need(env.CATALOG_SOURCE === "supabase", "SUPABASE_URL", "when CATALOG_SOURCE=supabase");
    need(env.CATALOG_SOURCE === "supabase", "SUPABASE_ANON_KEY", "when CATALOG_SOURCE=supabase");
    need(env.CONTENT_SOURCE === "wordpress", "WORDPRESS_API_URL", "when CONTENT_SOURCE=wordpress (the wp/v2 root)");
    need(env.GALLERY_SOURCE === "wordpress", "GALLERY_API_URL", "when GALLERY_SOURCE=wordpress (the wp/v2 root)");
    const firebase = env.ACCOUNTS_SOURCE === "firebase";
    need(firebase, "FIREBASE_API_KEY", "when ACCOUNTS_SOURCE=firebase (the project's web API key)");
    need(firebase, "FIREBASE_PROJECT_ID", "when ACCOUNTS_SOURCE=firebase");
    need(
      firebase,
      "FIREBASE_DATABASE_URL",
      "when ACCOUNTS_SOURCE=firebase (https://<project>-default-rtdb.firebaseio.com)",
    );
    need(
      firebase && !env.FIREBASE_ACCESS_TOKEN,
      "FIREBASE_SERVICE_ACCOUNT",
      "when ACCOUNTS_SOURCE=firebase (the service account JSON, or a path to it)",
    );
    if (firebase && env.FIREBASE_SERVICE_ACCOUNT) {
      try {
        readServiceAccount(env.FIREBASE_SERVICE_ACCOUNT);
      } catch (error) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["FIREBASE_SERVICE_ACCOUNT"],
          message: `FIREBASE_SERVICE_ACCOUNT: ${(error as Error).message}`,
        });
      }
    }
    const popup = Boolean(env.FIREBASE_AUTH_DOMAIN);
    need(popup, "FIREBASE_APP_ID", "with FIREBASE_AUTH_DOMAIN (the web app's config for popup sign-in)");
    if (popup && !firebase)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["FIREBASE_AUTH_DOMAIN"],
        message:
          "FIREBASE_AUTH_DOMAIN and FIREBASE_APP_ID need ACCOUNTS_SOURCE=firebase (popup sign-in signs in to that project)",
      });
    need(
      popup && !env.FIREBASE_AUTH_EMULATOR_HOST,
      "FIREBASE_SERVICE_ACCOUNT",
      "for popup sign-in (the server checks each ID token against the project, revocation included)",
    );
    if (env.FIREBASE_AUTH_EMULATOR_HOST && env.NODE_ENV === "production" && !env.FIREBASE_ACCESS_TOKEN)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["FIREBASE_AUTH_EMULATOR_HOST"],
        message: "FIREBASE_AUTH_EMULATOR_HOST accepts unsigned tokens: only with the emulator's FIREBASE_ACCESS_TOKEN",
      });
    const ga = env.ANALYTICS_PROVIDER === "firebase";
    need(ga, "FIREBASE_MEASUREMENT_ID", "when ANALYTICS_PROVIDER=firebase");
    need(ga, "FIREBASE_APP_ID", "when ANALYTICS_PROVIDER=firebase");
    need(ga, "FIREBASE_API_KEY", "when ANALYTICS_PROVIDER=firebase");
    need(ga, "FIREBASE_PROJECT_ID", "when ANALYTICS_PROVIDER=firebase");
    need(
      env.ANALYTICS_PROVIDER === "plausible",
      "ANALYTICS_ENDPOINT",
      "when ANALYTICS_PROVIDER=plausible (the /api/event URL)",
    );
    // Absolute links (feeds, canonical links, the sitemap, mails) are built on SITE_URL, never on
    // the Host or X-Forwarded-Host a request names.
    need(
      env.NODE_ENV === "production",
      "SITE_URL",
      "in production (the public origin of feeds, links and mails, e.g. https://listen.example.org)",
    );
    need(env.NODE_ENV === "production" && Boolean(env.SMTP_URL), "MAIL_FROM", "when SMTP_URL is set in production");
    if (env.NODE_ENV === "production") {
      const secrets = (env.SESSION_SECRET ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      if (secrets.length === 0) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["SESSION_SECRET"],
          message: "SESSION_SECRET is required in production (a comma-separated list of secrets, newest first)",
        });
      } else if (secrets.some((s) => s.length < 16)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["SESSION_SECRET"],
          message: "each SESSION_SECRET entry must be at least 16 characters",
        });
      }
    }
  });

export type Env = z.infer<typeof envSchema> & {
  sessionSecrets: string[];
  metricsPort: number;
  logFormat: "json" | "pretty";
  /** No SMTP_URL, and mails are printed on the console. */
  mailToConsole: boolean;
  secureCookies: boolean;
};

/** Every variable the server reads (`.env.example` documents each; a unit test holds it to that). */
export const ENV_NAMES = Object.keys(envSchema.innerType().shape);

/** The port Prometheus exporters use by convention. */
export const METRICS_DEFAULT_PORT = 9464;

export class EnvError extends Error {
  name = "EnvError";
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const sessionSecrets = (env.SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const production = env.NODE_ENV === "production";
  return {
    ...env,
    sessionSecrets: sessionSecrets.length ? sessionSecrets : ["dev-only-insecure-session-secret"],
    metricsPort: env.METRICS_PORT ?? (production ? METRICS_DEFAULT_PORT : 0),
    logFormat: env.LOG_FORMAT ?? (production ? "json" : "pretty"),
    mailToConsole: !env.SMTP_URL && (env.MAIL_CONSOLE ?? (production ? "off" : "on")) === "on",
    secureCookies: (env.SECURE_COOKIES ?? (production ? "on" : "off")) === "on",
  };
}
