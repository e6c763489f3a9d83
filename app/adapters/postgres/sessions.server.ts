import crypto from "node:crypto";
import type { Pg } from "./db.server";
import { listenerStateColumns, type ListenerState, type ListenerStates } from "./accounts.server";
import type { FailureLog, SessionStore } from "~/services/auth.server";
import { SESSION_PURGE_INTERVAL_MS } from "~/rules/auth";

/**
 * Server-side session records shared by every instance: the cookie carries only a random id
 * (signed); deleting the row revokes the session everywhere.
 */
export function createPostgresSessionStore(pool: Pg, defaultTtlMs: number, states: ListenerStates): SessionStore {
  let lastPurge = 0;
  const expiry = (expires: Date | undefined) => expires?.getTime() ?? Date.now() + defaultTtlMs;
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
      // Named: prepared once per connection, as this runs on every signed-in request. The
      // listener's library comes in the same statement: their page asks for it next.
      const { rows } = await pool.query<{ data: { user?: { uid?: unknown } }; expires_at: number } & ListenerState>({
        name: "session-read",
        text: `SELECT data, expires_at, l.* FROM sessions
               LEFT JOIN LATERAL (SELECT ${listenerStateColumns("data #>> '{user,uid}'")}) l ON true WHERE id = $1`,
        values: [id],
      });
      const row = rows[0];
      if (!row) return null;
      if (row.expires_at < Date.now()) {
        await pool.query("DELETE FROM sessions WHERE id = $1", [id]);
        return null;
      }
      const { data, favorites, record, sync } = row;
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
