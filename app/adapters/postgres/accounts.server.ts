import type { DatabaseError } from "pg";
import type { Pg } from "./db.server";
import {
  AccountError,
  type AccountUser,
  type ActiveAudioSync,
  type Accounts,
  type Favorite,
  type Library,
  type MailCode,
  type ProviderProfile,
} from "~/services/accounts.server";
import { ACCOUNT_EXISTS_UNVERIFIED, RESET_PASSWORD_CODE_TTL_MS, VERIFY_EMAIL_CODE_TTL_MS } from "~/rules/auth";
import { FAVORITES_MAX } from "~/rules/library";
import { createPasswords, type Passwords } from "~/services/password.server";
import {
  checkEmail,
  checkPassword,
  emailSchema,
  invalidCode,
  mailCodeHash,
  newMailCode,
  newPushId,
  newUid,
  syncFromRow,
  untrustedPassword,
  type MailCodePurpose,
  type SyncRow,
} from "../shapes/account-input.server";

interface ProgressWrite {
  uid: string;
  s: ActiveAudioSync;
  writtenAt: number;
  resolve(result: "written" | "stale"): void;
  reject(error: unknown): void;
}

const isUniqueViolation = (error: unknown) => (error as DatabaseError | undefined)?.code === "23505";
const emailTaken = () => new AccountError("email-taken", "The email address is already in use by another account.");
const TTL: Record<MailCodePurpose, number> = {
  "verify-email": VERIFY_EMAIL_CODE_TTL_MS,
  "reset-password": RESET_PASSWORD_CODE_TTL_MS,
};
type Row = AccountUser & {
  password_hash: string | null;
  email_verified_at: number | null;
  password_unproven: boolean;
};
const ROW_COLUMNS = "uid, email, password_hash, email_verified_at, password_unproven";
// A code is good only for the address it was sent to, while that is still the account's.
const CODE_WHERE = `FROM account_codes c JOIN users u ON u.uid = c.uid AND u.email = c.email
  WHERE c.hash = $1 AND c.purpose = $2 AND c.expires_at >= $3`;

export function createPostgresAccounts(pool: Pg, passwords: Passwords = createPasswords()): Accounts {
  const one = async <T extends object>(sql: string, values: unknown[]) => (await pool.query<T>(sql, values)).rows[0];
  const byEmail = (email: string) => one<Row>(`SELECT ${ROW_COLUMNS} FROM users WHERE email = $1`, [email]);
  const byUid = (uid: string) => one<Row>(`SELECT ${ROW_COLUMNS} FROM users WHERE uid = $1`, [uid]);
  const issue = async (row: Row, purpose: MailCodePurpose): Promise<MailCode> => {
    const { code, hash } = newMailCode();
    // One statement: the newest link of a kind is the only one that works.
    await pool.query(
      `WITH gone AS (DELETE FROM account_codes WHERE (uid = $2 AND purpose = $3) OR expires_at < $6)
       INSERT INTO account_codes (hash, uid, purpose, email, expires_at) VALUES ($1, $2, $3, $4, $5)`,
      [hash, row.uid, purpose, row.email, Date.now() + TTL[purpose], Date.now()],
    );
    return { email: row.email!, code };
  };
  const resetEmail = async (code: string) =>
    (await one<AccountUser>(`SELECT c.uid, c.email ${CODE_WHERE}`, [mailCodeHash(code), "reset-password", Date.now()]))
      ?.email ?? null;
  /** Uses the code up and confirms the address it was sent to, in one statement. */
  const redeem = async (code: string, purpose: MailCodePurpose, passwordHash: string | null = null) => {
    const used = await one<AccountUser>(
      `WITH found AS (SELECT c.hash, c.uid, c.email ${CODE_WHERE}),
         used AS (DELETE FROM account_codes WHERE uid IN (SELECT uid FROM found) AND purpose = $2
                  RETURNING hash, uid, email)
       UPDATE users u SET email_verified_at = coalesce(u.email_verified_at, $3),
         password_hash = coalesce($4, u.password_hash),
         password_unproven = u.password_unproven AND $4::text IS NULL
       FROM used WHERE u.uid = used.uid AND used.hash = $1 RETURNING u.uid, u.email`,
      [mailCodeHash(code), purpose, Date.now(), passwordHash],
    );
    if (!used) throw invalidCode();
    return used;
  };
  const byIdentity = (profile: ProviderProfile) =>
    one<AccountUser>(
      "SELECT u.uid, u.email FROM identities i JOIN users u ON u.uid = i.uid WHERE i.provider = $1 AND i.subject = $2",
      [profile.provider, profile.subject],
    );

  const accounts: Accounts = {
    async signUp(email, password) {
      const normalized = checkEmail(email);
      checkPassword(password, normalized);
      // Hashed whether or not the address is taken: the answer takes as long either way.
      const hash = await passwords.hash(password);
      if (await byEmail(normalized)) throw emailTaken();
      const uid = newUid();
      try {
        await pool.query(
          "INSERT INTO users (uid, email, password_hash, created_at, password_unproven) VALUES ($1, $2, $3, $4, true)",
          [uid, normalized, hash, Date.now()],
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return { uid, email: normalized };
    },
    async signIn(email, password) {
      const parsed = emailSchema.safeParse(email);
      const row = parsed.success ? await byEmail(parsed.data) : undefined;
      if (!row || !row.password_hash) {
        await passwords.burn(password);
        throw new AccountError("invalid-credentials", "Invalid email or password.");
      }
      if (!(await passwords.verify(password, row.password_hash))) {
        throw new AccountError("invalid-credentials", "Invalid email or password.");
      }
      const upgraded = await passwords.rehash(password, row.password_hash);
      // Only over the hash that was checked: a password changed meanwhile stays changed.
      if (upgraded)
        await pool.query("UPDATE users SET password_hash = $1 WHERE uid = $2 AND password_hash = $3", [
          upgraded,
          row.uid,
          row.password_hash,
        ]);
      return { uid: row.uid, email: row.email };
    },
    async signInWithProvider(profile) {
      try {
        return await providerSignIn(profile);
      } catch (error) {
        // Another instance created this identity's account (or one with its email) a moment
        // ago: the second look finds it.
        if (isUniqueViolation(error)) return providerSignIn(profile);
        throw error;
      }
    },
    async accountOfIdentity(provider, subject) {
      return (await byIdentity({ provider, subject, email: null, emailVerified: false })) ?? null;
    },
    async getUser(uid) {
      return (await one<AccountUser>("SELECT uid, email FROM users WHERE uid = $1", [uid])) ?? null;
    },
    async isEmailVerified(uid) {
      return Boolean((await byUid(uid))?.email_verified_at);
    },
    async verificationCode(uid) {
      const row = await byUid(uid);
      return row?.email && !row.email_verified_at ? issue(row, "verify-email") : null;
    },
    async passwordResetCode(email) {
      const parsed = emailSchema.safeParse(email);
      const row = parsed.success ? await byEmail(parsed.data) : undefined;
      return row ? issue(row, "reset-password") : null;
    },
    async verifyEmail(code) {
      return redeem(code, "verify-email");
    },
    checkPasswordResetCode: resetEmail,
    async resetPassword(code, password) {
      const email = await resetEmail(code);
      if (!email) throw invalidCode();
      checkPassword(password, email);
      return redeem(code, "reset-password", await passwords.hash(password));
    },
    async deleteAccount(uid) {
      // Identities and mailed codes go with it (ON DELETE CASCADE).
      await pool.query("DELETE FROM users WHERE uid = $1", [uid]);
    },
  };

  async function providerSignIn(profile: ProviderProfile) {
    const existing = await byIdentity(profile);
    if (existing) return { user: existing, created: false };
    const email = profile.email ? emailSchema.safeParse(profile.email) : null;
    const known = email?.success ? await byEmail(email.data) : undefined;
    if (known) {
      if (!profile.emailVerified || !known.email_verified_at) {
        throw new AccountError("unverified-email", ACCOUNT_EXISTS_UNVERIFIED);
      }
      // One statement: a squatter's password is gone, and its sessions too, before the identity links.
      const passwordCleared = untrustedPassword(known);
      await pool.query(
        `WITH cleared AS (UPDATE users SET password_hash = NULL, password_unproven = false WHERE uid = $3 AND $4),
           gone AS (DELETE FROM sessions WHERE $4 AND data #>> '{user,uid}' = $3)
         INSERT INTO identities (provider, subject, uid) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [profile.provider, profile.subject, known.uid, passwordCleared],
      );
      return { user: (await byIdentity(profile))!, created: false, ...(passwordCleared && { passwordCleared }) };
    }
    const uid = newUid();
    const storedEmail = email?.success && profile.emailVerified ? email.data : null;
    // One statement: the account and its identity exist together or not at all.
    await pool.query(
      `WITH u AS (INSERT INTO users (uid, email, password_hash, created_at, email_verified_at)
         VALUES ($1, $2, NULL, $3::bigint, CASE WHEN $2::text IS NULL THEN NULL ELSE $3::bigint END) RETURNING uid)
       INSERT INTO identities (provider, subject, uid) SELECT $4, $5, uid FROM u`,
      [uid, storedEmail, Date.now(), profile.provider, profile.subject],
    );
    return { user: { uid, email: storedEmail }, created: true };
  }

  return accounts;
}

interface FavoriteRow {
  id: string;
  audio_src: string;
  audio_title: string;
  duration: number;
  is_fav: boolean;
}
const FAVORITE_COLUMNS = "id, audio_src, audio_title, duration, is_fav";
const toFavorite = (r: FavoriteRow): Favorite => ({
  id: r.id,
  audioSrc: r.audio_src,
  audioTitle: r.audio_title,
  Duration: r.duration,
  isFav: r.is_fav,
});

interface RecordRow {
  audio_title: string;
  audio_src: string;
  duration: number;
}
export interface ListenerState {
  favorites: FavoriteRow[];
  record: RecordRow | null;
  sync: SyncRow | null;
}

/** A listener's favorites, record and position as one row, for the listener `uid` names (SQL). */
export const listenerStateColumns = (uid: string) => `
  (SELECT coalesce(json_agg(f ORDER BY f.created_at DESC, f.id COLLATE "C"), '[]')
   FROM (SELECT ${FAVORITE_COLUMNS}, created_at FROM favorites WHERE uid = ${uid}) f) AS favorites,
  (SELECT row_to_json(r) FROM (SELECT audio_title, audio_src, duration FROM user_records WHERE uid = ${uid}) r)
    AS record,
  (SELECT row_to_json(s) FROM (SELECT audio_title, duration, audio_img, audio_src, position
   FROM active_audio_sync WHERE uid = ${uid}) s) AS sync`;

/**
 * Listeners' states as read in this turn of the event loop. Every signed-in page asks for the
 * favorites, record and position together: those calls share one statement (prepared once per
 * connection), and the session read, which reads the state beside the session row, leaves it here
 * for them: a signed-in page costs one round trip. Kept only until the turn ends, so a read after
 * a write (which waits for the database) always asks again.
 */
export function createListenerStates(pool: Pg) {
  const known = new Map<string, Promise<ListenerState>>();
  const keep = (uid: string, state: Promise<ListenerState>) => {
    known.set(uid, state);
    setImmediate(() => known.get(uid) === state && known.delete(uid));
    return state;
  };
  return {
    read: (uid: string) =>
      known.get(uid) ??
      keep(
        uid,
        pool
          .query<ListenerState>({ name: "library-state", text: `SELECT ${listenerStateColumns("$1")}`, values: [uid] })
          .then((r) => r.rows[0]!),
      ),
    /** The state of `uid`, read now by another statement. */
    readBeside: (uid: string, state: ListenerState) => void keep(uid, Promise.resolve(state)),
  };
}
export type ListenerStates = ReturnType<typeof createListenerStates>;

export function createPostgresLibrary(
  pool: Pg,
  states: ListenerStates,
  { favoritesMax = FAVORITES_MAX } = {},
): Library {
  const state = states.read;
  // Every player writes its position every 10 s: the writes that arrive in one turn of the event
  // loop go out as one statement (prepared once per connection), one round trip per turn instead
  // of one per write. One write per listener goes in, the newest (the others are stale anyway),
  // in uid order so that two instances' batches lock rows in the same order.
  let progressBatch: ProgressWrite[] = [];
  const writeProgressBatch = () => {
    const batch = progressBatch;
    progressBatch = [];
    const newest = new Map<string, ProgressWrite>();
    for (const w of batch) {
      const kept = newest.get(w.uid);
      if (!kept || w.writtenAt > kept.writtenAt) newest.set(w.uid, w);
    }
    const rows = [...newest.values()].sort((a, b) => (a.uid < b.uid ? -1 : 1));
    const column = <T>(f: (w: ProgressWrite) => T) => rows.map(f);
    // The user must still exist (a write racing an account's deletion is stale, not a failure of
    // the batch); users/<uid> keeps the last audio (docs/product.md §4: read first at sign-in).
    pool
      .query<{ uid: string }>({
        name: "progress-write",
        text: `WITH input AS (
                 SELECT * FROM unnest($1::text[], $2::text[], $3::float8[], $4::text[], $5::text[], $6::float8[], $7::bigint[])
                   AS t (uid, audio_title, duration, audio_img, audio_src, position, written_at)
                 WHERE EXISTS (SELECT 1 FROM users u WHERE u.uid = t.uid)),
               s AS (
                 INSERT INTO active_audio_sync (uid, audio_title, duration, audio_img, audio_src, position, written_at)
                 SELECT * FROM input
                 ON CONFLICT (uid) DO UPDATE SET audio_title = excluded.audio_title, duration = excluded.duration,
                   audio_img = excluded.audio_img, audio_src = excluded.audio_src, position = excluded.position,
                   written_at = excluded.written_at
                 WHERE excluded.written_at > active_audio_sync.written_at
                 RETURNING uid, audio_title, audio_src, duration)
               INSERT INTO user_records (uid, audio_title, audio_src, duration)
               SELECT uid, audio_title, audio_src, duration FROM s
               ON CONFLICT (uid) DO UPDATE SET audio_title = excluded.audio_title, audio_src = excluded.audio_src,
                 duration = excluded.duration
               RETURNING uid`,
        values: [
          column((w) => w.uid),
          column((w) => w.s.AudioTitle),
          column((w) => w.s.Duration),
          column((w) => w.s.AudioImg),
          column((w) => w.s.AudioSrc),
          column((w) => w.s.currentTime),
          column((w) => w.writtenAt),
        ],
      })
      .then(
        ({ rows: written }) => {
          const won = new Set(written.map((r) => r.uid));
          for (const w of batch) w.resolve(newest.get(w.uid) === w && won.has(w.uid) ? "written" : "stale");
        },
        (error: unknown) => {
          for (const w of batch) w.reject(error);
        },
      );
  };
  return {
    async initUser(uid) {
      await pool.query(
        `WITH r AS (INSERT INTO user_records (uid) VALUES ($1) ON CONFLICT DO NOTHING)
         INSERT INTO active_audio_sync (uid) VALUES ($1) ON CONFLICT DO NOTHING`,
        [uid],
      );
    },
    async userRecord(uid) {
      const r = (await state(uid)).record;
      return r ? { audioTitle: r.audio_title, audioSrc: r.audio_src, duration: r.duration } : null;
    },
    async activeAudioSync(uid) {
      return syncFromRow((await state(uid)).sync ?? undefined);
    },
    writeProgress: (uid, s, writtenAt) =>
      new Promise((resolve, reject) => {
        if (progressBatch.push({ uid, s, writtenAt, resolve, reject }) === 1) setImmediate(writeProgressBatch);
      }),
    async favorites(uid) {
      return (await state(uid)).favorites.map(toFavorite);
    },
    async addFavorite(uid, fav) {
      // The unique (uid, audio_src) constraint keeps one entry however many instances add it at
      // once; the listener's lock makes the count and the insert one step, so the cap holds too.
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`favorites:${uid}`]);
        await client.query(
          `INSERT INTO favorites (id, uid, audio_src, audio_title, duration, is_fav, created_at)
           SELECT $1, $2, $3, $4, $5, true, $6 WHERE (SELECT count(*) FROM favorites WHERE uid = $2) < $7
           ON CONFLICT (uid, audio_src) DO NOTHING`,
          [newPushId(), uid, fav.audioSrc, fav.audioTitle, fav.duration, Date.now(), favoritesMax],
        );
        const { rows } = await client.query<FavoriteRow>(
          `SELECT ${FAVORITE_COLUMNS} FROM favorites WHERE uid = $1 AND audio_src = $2`,
          [uid, fav.audioSrc],
        );
        await client.query("COMMIT");
        return rows[0] ? toFavorite(rows[0]) : null;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async removeFavorite(uid, id) {
      return ((await pool.query("DELETE FROM favorites WHERE uid = $1 AND id = $2", [uid, id])).rowCount ?? 0) > 0;
    },
    async removeFavoriteBySrc(uid, audioSrc) {
      const { rowCount } = await pool.query("DELETE FROM favorites WHERE uid = $1 AND audio_src = $2", [uid, audioSrc]);
      return (rowCount ?? 0) > 0;
    },
    async isAdultConfirmed(uid) {
      const { rows } = await pool.query<{ adult_confirmed_at: number | null }>(
        "SELECT adult_confirmed_at FROM users WHERE uid = $1",
        [uid],
      );
      return Boolean(rows[0]?.adult_confirmed_at);
    },
    async confirmAdult(uid) {
      await pool.query("UPDATE users SET adult_confirmed_at = $1 WHERE uid = $2 AND adult_confirmed_at IS NULL", [
        Date.now(),
        uid,
      ]);
    },
    async deleteAllFor(uid) {
      // One statement: all of it goes, or none.
      await pool.query(
        `WITH f AS (DELETE FROM favorites WHERE uid = $1), s AS (DELETE FROM active_audio_sync WHERE uid = $1),
           r AS (DELETE FROM user_records WHERE uid = $1)
         UPDATE users SET adult_confirmed_at = NULL WHERE uid = $1`,
        [uid],
      );
    },
  };
}
