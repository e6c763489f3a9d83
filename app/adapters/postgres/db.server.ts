import pg from "pg";
import { MIGRATIONS } from "./migrations.server";
import { readSampleCatalog } from "../shapes/sample-catalog.server";
import { foldTitle } from "~/search/search-text.server";
import { searchWords } from "~/rules/search";
import { log } from "~/services/log.server";
import { watchPool } from "~/services/metrics.server";

export type Pg = pg.Pool;

export interface PostgresOptions {
  url: string;
  poolMax: number;
  statementTimeoutMs: number;
}

/** Counts, ids and millisecond times are bigint columns; they all fit a JS number. */
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
};

/**
 * PostgreSQL text cannot hold U+0000, and a parameter with one is an error, not a miss: a key
 * with one matches nothing stored, so lookups answer "not found" before asking.
 */
export const hasNul = (value: string) => value.includes("\u0000");

export function openPostgres(options: PostgresOptions): Pg {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax,
    statement_timeout: options.statementTimeoutMs,
    connectionTimeoutMillis: 10_000,
    types,
  });
  // An idle connection the server drops (restart, failover) is replaced on the next checkout;
  // without a listener the pool's error event would end the process.
  pool.on("error", (error) => log.error(`[postgres] idle connection lost: ${error.message}`));
  watchPool(pool);
  // The pool stops listening to a connection while it is checked out: one the server ends between
  // two queries (a restart) would end the process too. Its next query fails as an outage, and the
  // pool drops it on release.
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

const NETWORK_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "EAI_AGAIN",
]);

/**
 * Is this error the database being out of reach rather than a bug: no connection (refused, reset,
 * timed out, terminated), the server shutting down or starting (57P01-03), out of connections or
 * resources (class 53), a connection exception (class 08), a statement past its timeout (57014)
 * or a read-only server after a failover (25006)?
 */
export function isPostgresOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_ERRORS.has(code)) return true;
    if (/^(08|53)/.test(code) || ["57P01", "57P02", "57P03", "57014", "25006"].includes(code)) return true;
  }
  // node-postgres's own connection failures carry no code.
  return /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
    error.message,
  );
}

/** Any fixed number, the same in every instance: the key of the migration lock. */
const MIGRATION_LOCK = 0x68616d72; // "hamr"

/**
 * Bring the schema up to date and fill an empty database from the sample catalog, in one
 * transaction under a transaction-level advisory lock: instances starting together wait for the
 * first, then find nothing left to do. Returns whether this call seeded.
 */
export async function preparePostgres(pool: Pg, sampleDir: string, publicDir = "public"): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL statement_timeout = 0");
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const { rows } = await client.query<{ v: number }>(
      "SELECT coalesce(max(version), 0)::int AS v FROM schema_migrations",
    );
    for (let v = rows[0]!.v; v < MIGRATIONS.length; v++) {
      await client.query(MIGRATIONS[v]!);
      await client.query("INSERT INTO schema_migrations (version) VALUES ($1)", [v + 1]);
    }
    const seeded = await seedIfEmpty(client, sampleDir, publicDir);
    await client.query("COMMIT");
    return seeded;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function seedIfEmpty(client: pg.PoolClient, sampleDir: string, publicDir: string): Promise<boolean> {
  const { rowCount } = await client.query("SELECT 1 FROM meta WHERE key = 'seeded_at'");
  if (rowCount) return false;
  const sample = readSampleCatalog(sampleDir, publicDir);
  const rows = (list: object[]) => JSON.stringify(list);
  await client.query(
    `INSERT INTO episodes (series, object_id, title, title_folded, description, subtext, episode_url, podcast_image,
       background_image, pubdate, canbashow, era, duration, file_size, title_words, description_words, chapters_url, transcript_url,
       soundbites, transcript_words)
     SELECT series, "objectId", title, "titleFolded", description, subtext, url, "podcastImage", "backgroundImage",
       pubdate, canbashow, era, duration, "fileSize", "titleWords", "descriptionWords", "chaptersUrl", "transcriptUrl",
       soundbites, "transcriptWords"
     FROM json_to_recordset($1) AS x(series text, "objectId" text, title text, "titleFolded" text, description text,
       subtext text, url text, "podcastImage" text, "backgroundImage" text, pubdate timestamptz, canbashow boolean,
       era text, duration integer, "fileSize" bigint, "titleWords" text, "descriptionWords" text,
       "chaptersUrl" text, "transcriptUrl" text, soundbites text, "transcriptWords" text)`,
    [rows(sample.episodes.map((e) => ({ ...e, ...episodeSearchColumns(e) })))],
  );
  await client.query(
    "INSERT INTO sponsors (id, data) SELECT id, data FROM json_to_recordset($1) AS x(id text, data jsonb)",
    [rows(sample.sponsors)],
  );
  await client.query(
    `INSERT INTO crew (id, name, name_folded, data) SELECT id, name, "nameFolded", data
     FROM json_to_recordset($1) AS x(id text, name text, "nameFolded" text, data jsonb)`,
    [rows(sample.crew.map((c) => ({ ...c, nameFolded: foldTitle(c.name) })))],
  );
  await client.query(
    `INSERT INTO posts (source, id, slug, date, data) SELECT source, id, slug, date, data
     FROM json_to_recordset($1) AS x(source text, id integer, slug text, date text, data jsonb)`,
    [rows(sample.posts)],
  );
  await client.query(
    `INSERT INTO post_categories (source, post_id, category) SELECT source, id, category
     FROM json_to_recordset($1) AS x(source text, id integer, category integer)`,
    [rows(sample.posts.flatMap((p) => p.categories.map((category) => ({ source: p.source, id: p.id, category }))))],
  );
  await client.query("INSERT INTO meta (key, value) VALUES ('seeded_at', $1)", [new Date().toISOString()]);
  return true;
}

/** What an episode row needs besides its fields: the folded title and the words search sees. */
export function episodeSearchColumns(e: { title: string; description: string; transcript?: string }) {
  return {
    titleFolded: foldTitle(e.title),
    titleWords: searchWords(e.title).join(" "),
    descriptionWords: searchWords(e.description).join(" "),
    transcriptWords: searchWords(e.transcript ?? "").join(" "),
  };
}

/** GET /healthz: the server answers and the schema is the one this build expects. */
export async function isPostgresUsable(pool: Pg): Promise<boolean> {
  try {
    const { rows } = await pool.query<{ v: number }>("SELECT max(version)::int AS v FROM schema_migrations");
    return rows[0]?.v === MIGRATIONS.length;
  } catch {
    return false;
  }
}
