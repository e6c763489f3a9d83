import crypto from "node:crypto";
import pg from "pg";
import type { Pg } from "./db.server";
import { log as appLog } from "~/services/log.server";

/** Every instance LISTENs here; a NOTIFY on it tells them all to drop their caches. */
const CHANNEL = "hrs_invalidate";
const RECONNECT_MS = { first: 250, max: 5_000 };

export interface Invalidations {
  /** Tells every other instance (not this one) that the catalog or content changed. */
  publish(reason: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Cache coherence across instances over PostgreSQL LISTEN/NOTIFY. One dedicated connection
 * listens (a pooled one would be handed to queries); when it is lost it is opened again with a
 * growing delay, and `onRemote` runs once it is back, since notices sent meanwhile are gone.
 * Resolves once listening (or once the first attempt failed and a retry is scheduled).
 */
export async function createPostgresInvalidations(
  pool: Pg,
  url: string,
  onRemote: (reason: string) => void,
  log: (message: string) => void = (m) => appLog.error(m),
): Promise<Invalidations> {
  const self = crypto.randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let delay = RECONNECT_MS.first;
  let timer: NodeJS.Timeout | undefined;
  let lost = false;

  const listen = async () => {
    const next = new pg.Client({ connectionString: url });
    const drop = (why: string) => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      if (!closed) {
        if (!lost) log(`[postgres] cache notices lost (${why}); listening again as soon as the database answers`);
        lost = true;
        timer = setTimeout(() => void listen(), delay);
        delay = Math.min(delay * 2, RECONNECT_MS.max);
      }
    };
    client = next;
    next.on("error", (error) => drop(error.message));
    next.on("end", () => drop("connection ended"));
    next.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      let notice: { from?: unknown; reason?: unknown } = {};
      try {
        notice = JSON.parse(message.payload) as typeof notice;
      } catch {
        // Someone else's NOTIFY on our channel: still a reason to read afresh.
      }
      if (notice.from !== self) onRemote(typeof notice.reason === "string" ? notice.reason : "notice");
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      delay = RECONNECT_MS.first;
      if (lost) {
        lost = false;
        log("[postgres] cache notices resumed; dropping caches that may have missed one");
        onRemote("cache notices resumed");
      }
    } catch (error) {
      drop((error as Error).message);
    }
  };
  // Started instances listen: a notice sent after the start is never missed.
  await listen();

  return {
    async publish(reason) {
      await pool.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify({ from: self, reason })]);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
