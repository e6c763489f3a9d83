import crypto from "node:crypto";
import type { Db } from "./db.server";
import type { FailureLog, SessionStore } from "~/services/auth.server";
import type { MailCap, MailLog } from "~/services/account-email.server";
import { SESSION_PURGE_INTERVAL_MS } from "~/rules/auth";

/**
 * Server-side session records: the cookie carries only a random id (signed); the data lives
 * here, so deleting the row revokes the session everywhere (a replayed cookie is signed out).
 */
export function createSqliteSessionStore(db: Db, defaultTtlMs: number): SessionStore {
  const insert = db.prepare("INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?)");
  const select = db.prepare("SELECT data, expires_at FROM sessions WHERE id = ?");
  const update = db.prepare(
    "INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at",
  );
  const remove = db.prepare("DELETE FROM sessions WHERE id = ?");
  const purge = db.prepare("DELETE FROM sessions WHERE expires_at < ?");
  const removeForUser = db.prepare("DELETE FROM sessions WHERE json_extract(data, '$.user.uid') = ?");
  let lastPurge = 0;
  const expiry = (expires: Date | undefined) => expires?.getTime() ?? Date.now() + defaultTtlMs;

  return {
    async create(data, expires) {
      const id = crypto.randomBytes(32).toString("base64url");
      insert.run(id, JSON.stringify(data), expiry(expires));
      if (Date.now() - lastPurge > SESSION_PURGE_INTERVAL_MS) {
        lastPurge = Date.now();
        purge.run(Date.now());
      }
      return id;
    },
    async read(id) {
      if (typeof id !== "string" || id.length > 100) return null;
      const row = select.get(id) as { data: string; expires_at: number } | undefined;
      if (!row) return null;
      if (row.expires_at < Date.now()) {
        remove.run(id);
        return null;
      }
      return parsed(row.data);
    },
    async update(id, data, expires) {
      update.run(id, JSON.stringify(data), expiry(expires));
    },
    async delete(id) {
      remove.run(id);
    },
    async deleteForUser(uid) {
      removeForUser.run(uid);
    },
  };
}

/** Failed sign-ins per account and client address (kept in the embedded store whatever the accounts backend). */
export function createSqliteFailureLog(db: Db): FailureLog {
  const insert = db.prepare("INSERT INTO auth_failures (account, address, at) VALUES (?, ?, ?)");
  const earlier = db.prepare(
    "SELECT count(*) AS n, coalesce(max(at), 0) AS last FROM auth_failures WHERE account = ? AND address = ? AND at >= ? AND id <> ?",
  );
  const forget = db.prepare("DELETE FROM auth_failures WHERE id = ?");
  const clear = db.prepare("DELETE FROM auth_failures WHERE account = ? AND address = ?");
  const clearAccount = db.prepare("DELETE FROM auth_failures WHERE account = ?");
  const purge = db.prepare("DELETE FROM auth_failures WHERE at < ?");
  // One transaction: another process on the same file sees this attempt or waits for it.
  const attempt = db.transaction((account: string, address: string, sinceMs: number) => {
    const id = Number(insert.run(account, address, Date.now()).lastInsertRowid);
    const r = earlier.get(account, address, sinceMs, id) as { n: number; last: number };
    return { id, earlier: r.n, lastAt: r.last };
  });
  return {
    async attempt(account, address, sinceMs) {
      if (Math.random() < 0.01) purge.run(sinceMs);
      return attempt(account, address, sinceMs);
    },
    async forget(id) {
      forget.run(id);
    },
    async clear(account, address) {
      clear.run(account, address);
    },
    async clearAccount(account) {
      clearAccount.run(account);
    },
  };
}

/** Mail counters (docs/decisions/023-bounded-accounts.md): one row per key and window. */
export function createSqliteMailLog(db: Db): MailLog {
  const purge = db.prepare("DELETE FROM mail_caps WHERE window_end <= ?");
  // Counts one more in the key's window, or starts a new window; no row back when the cap is used up.
  const take = db.prepare(`INSERT INTO mail_caps (key, window_end, count) VALUES (@key, @end, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN window_end <= @now THEN 1 ELSE count + 1 END,
      window_end = CASE WHEN window_end <= @now THEN @end ELSE window_end END
    WHERE window_end <= @now OR count < @max
    RETURNING key`);
  const all = db.transaction((caps: MailCap[], now: number) => {
    purge.run(now);
    for (const cap of caps) if (!take.get({ key: cap.key, end: now + cap.windowMs, now, max: cap.max })) throw USED_UP;
  });
  return {
    async take(caps, now = Date.now()) {
      try {
        all(caps, now);
        return true;
      } catch (error) {
        if (error === USED_UP) return false;
        throw error;
      }
    },
  };
}
/** A session's stored data: an object, else none. */
function parsed(text: string): Readonly<Record<string, unknown>> | null {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== "object" || data === null) return null;
    for (const value of Object.values(data)) if (typeof value === "object" && value !== null) Object.freeze(value);
    return Object.freeze(data as Record<string, unknown>);
  } catch {
    return null;
  }
}

const USED_UP = new Error("a mail cap is used up");
