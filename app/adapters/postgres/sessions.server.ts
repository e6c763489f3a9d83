import crypto from "node:crypto";
import DataLoader from "dataloader";
import type { Pg } from "./db.server";
import { listenerStateColumns, type ListenerState, type ListenerStates } from "./accounts.server";
import type { FailureLog, SessionStore } from "~/services/auth.server";
import type { MailLog } from "~/services/account-email.server";
import { SESSION_PURGE_INTERVAL_MS } from "~/rules/auth";

type SessionRow = { data: string; expires_at: number } & ListenerState;

/**
 * Server-side session records shared by every instance: the cookie carries only a random id
 * (signed); deleting the row revokes the session everywhere.
 */
export function createPostgresSessionStore(pool: Pg, defaultTtlMs: number, states: ListenerStates): SessionStore {
  let lastPurge = 0;
  const expiry = (expires: Date | undefined) => expires?.getTime() ?? Date.now() + defaultTtlMs;
  // Every signed-in request reads its session. The reads that arrive in one turn of the event loop
  // go out as one statement (prepared once per connection), with each listener's library beside
  // their session row: one round trip per turn instead of one per request. Nothing is kept after
  // the statement answers, so a read after a write always asks again.
  const sessionRows = new DataLoader<string, SessionRow | undefined>(
    async (ids) => {
      const { rows } = await pool.query<SessionRow & { id: string }>({
        name: "session-read",
        text: `SELECT id, data::text AS data, expires_at, l.* FROM sessions
               LEFT JOIN LATERAL (SELECT ${listenerStateColumns("data #>> '{user,uid}'")}) l ON true
               WHERE id = ANY($1)`,
        values: [ids],
      });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id));
    },
    { cache: false, batchScheduleFn: (send) => setImmediate(send), maxBatchSize: 256 },
  );
  return {
    async create(data, expires) {
      const id = crypto.randomBytes(32).toString("base64url");
      await pool.query("INSERT INTO sessions (id, data, expires_at) VALUES ($1, $2, $3)", [
        id,
        JSON.stringify(data),
        expiry(expires),
      ]);
      if (Date.now() - lastPurge > SESSION_PURGE_INTERVAL_MS) {
        lastPurge = Date.now();
        await pool.query("DELETE FROM sessions WHERE expires_at < $1", [Date.now()]);
      }
      return id;
    },
    async read(id) {
      if (typeof id !== "string" || id.length > 100) return null;
      const row = await sessionRows.load(id);
      if (!row) return null;
      if (row.expires_at < Date.now()) {
        await pool.query("DELETE FROM sessions WHERE id = $1", [id]);
        return null;
      }
      // Parsed per request: each caller may change its own copy.
      const data = JSON.parse(row.data) as { user?: { uid?: unknown } };
      const { favorites, record, sync } = row;
      if (typeof data.user?.uid === "string") states.readBeside(data.user.uid, { favorites, record, sync });
      return data;
    },
    async update(id, data, expires) {
      await pool.query(
        `INSERT INTO sessions (id, data, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at`,
        [id, JSON.stringify(data), expiry(expires)],
      );
    },
    async delete(id) {
      await pool.query("DELETE FROM sessions WHERE id = $1", [id]);
    },
    async deleteForUser(uid) {
      await pool.query("DELETE FROM sessions WHERE data #>> '{user,uid}' = $1", [uid]);
    },
  };
}

/** Failed sign-ins per account and client address, counted across every instance. */
export function createPostgresFailureLog(pool: Pg): FailureLog {
  return {
    async attempt(account, address, sinceMs) {
      if (Math.random() < 0.01) await pool.query("DELETE FROM auth_failures WHERE at < $1", [sinceMs]);
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        // One attempt of a pair at a time, whichever instance: the next one counts this one.
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`${account}\n${address}`]);
        const { rows: inserted } = await client.query<{ id: number }>(
          "INSERT INTO auth_failures (account, address, at) VALUES ($1, $2, $3) RETURNING id",
          [account, address, Date.now()],
        );
        const id = inserted[0]!.id;
        const { rows } = await client.query<{ n: number; last: number }>(
          `SELECT count(*) AS n, coalesce(max(at), 0) AS last FROM auth_failures
           WHERE account = $1 AND address = $2 AND at >= $3 AND id <> $4`,
          [account, address, sinceMs, id],
        );
        await client.query("COMMIT");
        return { id, earlier: rows[0]!.n, lastAt: rows[0]!.last };
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async forget(id) {
      await pool.query("DELETE FROM auth_failures WHERE id = $1", [id]);
    },
    async clear(account, address) {
      await pool.query("DELETE FROM auth_failures WHERE account = $1 AND address = $2", [account, address]);
    },
    async clearAccount(account) {
      await pool.query("DELETE FROM auth_failures WHERE account = $1", [account]);
    },
  };
}

/** Mail counters (docs/decisions/023-bounded-accounts.md), shared by every instance: one row per key and window. */
export function createPostgresMailLog(pool: Pg): MailLog {
  return {
    async take(caps, now = Date.now()) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await client.query("DELETE FROM mail_caps WHERE window_end <= $1", [now]);
        for (const cap of caps) {
          // The upsert locks the key's row: instances counting at once wait for each other.
          const { rowCount } = await client.query(
            `INSERT INTO mail_caps (key, window_end, count) VALUES ($1, $2, 1)
             ON CONFLICT (key) DO UPDATE SET
               count = CASE WHEN mail_caps.window_end <= $3 THEN 1 ELSE mail_caps.count + 1 END,
               window_end = CASE WHEN mail_caps.window_end <= $3 THEN $2 ELSE mail_caps.window_end END
             WHERE mail_caps.window_end <= $3 OR mail_caps.count < $4`,
            [cap.key, now + cap.windowMs, now, cap.max],
          );
          if (!rowCount) {
            await client.query("ROLLBACK");
            return false;
          }
        }
        await client.query("COMMIT");
        return true;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
