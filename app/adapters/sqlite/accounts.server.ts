import type { Db } from "./db.server";
import {
  AccountError,
  type AccountUser,
  type Accounts,
  type Favorite,
  type Library,
  type MailCode,
  type ProviderProfile,
  type ActiveAudioSync,
  type UserRecord,
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

const emailTaken = () => new AccountError("email-taken", "The email address is already in use by another account.");
const TTL: Record<MailCodePurpose, number> = {
  "verify-email": VERIFY_EMAIL_CODE_TTL_MS,
  "reset-password": RESET_PASSWORD_CODE_TTL_MS,
};

export function createSqliteAccounts(db: Db, passwords: Passwords = createPasswords()): Accounts {
  const byEmail = db.prepare(
    "SELECT uid, email, password_hash, email_verified_at, password_unproven FROM users WHERE email = ?",
  );
  const byUid = db.prepare("SELECT uid, email, email_verified_at FROM users WHERE uid = ?");
  const insertUser = db.prepare(
    "INSERT INTO users (uid, email, password_hash, created_at, email_verified_at, password_unproven) VALUES (?, ?, ?, ?, ?, ?)",
  );
  // Only over the hash that was checked: a password changed meanwhile stays changed.
  const upgradeHash = db.prepare("UPDATE users SET password_hash = ? WHERE uid = ? AND password_hash = ?");
  const byIdentity = db.prepare(
    "SELECT u.uid, u.email FROM identities i JOIN users u ON u.uid = i.uid WHERE i.provider = ? AND i.subject = ?",
  );
  const insertIdentity = db.prepare("INSERT OR IGNORE INTO identities (provider, subject, uid) VALUES (?, ?, ?)");
  const purgeCodes = db.prepare("DELETE FROM account_codes WHERE expires_at < ?");
  const dropCodes = db.prepare("DELETE FROM account_codes WHERE uid = ? AND purpose = ?");
  const insertCode = db.prepare(
    "INSERT INTO account_codes (hash, uid, purpose, email, expires_at) VALUES (?, ?, ?, ?, ?)",
  );
  // A code is good only for the address it was sent to, while that is still the account's.
  const codeSql = `FROM account_codes c JOIN users u ON u.uid = c.uid AND u.email = c.email
    WHERE c.hash = ? AND c.purpose = ? AND c.expires_at >= ?`;
  const findCode = db.prepare(`SELECT c.uid, c.email ${codeSql}`);
  const useCode = db.prepare(
    "DELETE FROM account_codes WHERE hash = ? AND purpose = ? AND expires_at >= ? RETURNING uid, email",
  );
  const setVerified = db.prepare("UPDATE users SET email_verified_at = coalesce(email_verified_at, ?) WHERE uid = ?");
  const setPassword = db.prepare("UPDATE users SET password_hash = ?, password_unproven = 0 WHERE uid = ?");
  const clearPassword = db.prepare("UPDATE users SET password_hash = NULL, password_unproven = 0 WHERE uid = ?");
  const dropSessions = db.prepare("DELETE FROM sessions WHERE json_extract(data, '$.user.uid') = ?");
  // Identities and mailed codes go with it (ON DELETE CASCADE).
  const deleteUser = db.prepare("DELETE FROM users WHERE uid = ?");

  type Row = {
    uid: string;
    email: string | null;
    password_hash?: string | null;
    email_verified_at: number | null;
    password_unproven?: number;
  };
  const issue = (row: Row, purpose: MailCodePurpose): MailCode => {
    const { code, hash } = newMailCode();
    db.transaction(() => {
      purgeCodes.run(Date.now());
      // The newest link of a kind is the only one that works.
      dropCodes.run(row.uid, purpose);
      insertCode.run(hash, row.uid, purpose, row.email, Date.now() + TTL[purpose]);
    })();
    return { email: row.email!, code };
  };
  /** Uses the code up and confirms the address it was sent to, in one transaction. */
  const redeem = db.transaction((code: string, purpose: MailCodePurpose, passwordHash?: string): AccountUser => {
    const hash = mailCodeHash(code);
    const found = findCode.get(hash, purpose, Date.now()) as AccountUser | undefined;
    if (!found || !useCode.get(hash, purpose, Date.now())) throw invalidCode();
    setVerified.run(Date.now(), found.uid);
    if (passwordHash !== undefined) setPassword.run(passwordHash, found.uid);
    dropCodes.run(found.uid, purpose);
    return { uid: found.uid, email: found.email };
  });

  const resetEmail = (code: string) =>
    (findCode.get(mailCodeHash(code), "reset-password", Date.now()) as AccountUser | undefined)?.email ?? null;

  return {
    async signUp(email, password) {
      const normalized = checkEmail(email);
      checkPassword(password, normalized);
      // Hashed whether or not the address is taken: the answer takes as long either way.
      const hash = await passwords.hash(password);
      if (byEmail.get(normalized)) throw emailTaken();
      const uid = newUid();
      try {
        insertUser.run(uid, normalized, hash, Date.now(), null, 1);
      } catch (error) {
        if (error instanceof Error && /UNIQUE/.test(error.message)) throw emailTaken();
        throw error;
      }
      return { uid, email: normalized };
    },
    async signIn(email, password) {
      const parsed = emailSchema.safeParse(email);
      const row = parsed.success ? (byEmail.get(parsed.data) as Row | undefined) : undefined;
      if (!row || !row.password_hash) {
        await passwords.burn(password);
        throw new AccountError("invalid-credentials", "Invalid email or password.");
      }
      if (!(await passwords.verify(password, row.password_hash))) {
        throw new AccountError("invalid-credentials", "Invalid email or password.");
      }
      const upgraded = await passwords.rehash(password, row.password_hash);
      if (upgraded) upgradeHash.run(upgraded, row.uid, row.password_hash);
      return { uid: row.uid, email: row.email };
    },
    async signInWithProvider(profile: ProviderProfile) {
      const existing = byIdentity.get(profile.provider, profile.subject) as AccountUser | undefined;
      if (existing) return { user: existing, created: false };
      const email = profile.email ? emailSchema.safeParse(profile.email) : null;
      const known = email?.success ? (byEmail.get(email.data) as Row | undefined) : undefined;
      if (known) {
        if (!profile.emailVerified || !known.email_verified_at) {
          throw new AccountError("unverified-email", ACCOUNT_EXISTS_UNVERIFIED);
        }
        const passwordCleared = untrustedPassword(known);
        db.transaction(() => {
          if (passwordCleared) {
            clearPassword.run(known.uid);
            dropSessions.run(known.uid);
          }
          insertIdentity.run(profile.provider, profile.subject, known.uid);
        })();
        return {
          user: { uid: known.uid, email: known.email },
          created: false,
          ...(passwordCleared && { passwordCleared }),
        };
      }
      const uid = newUid();
      const storedEmail = email?.success && profile.emailVerified ? email.data : null;
      db.transaction(() => {
        insertUser.run(uid, storedEmail, null, Date.now(), storedEmail ? Date.now() : null, 0);
        insertIdentity.run(profile.provider, profile.subject, uid);
      })();
      return { user: { uid, email: storedEmail }, created: true };
    },
    async accountOfIdentity(provider, subject) {
      return (byIdentity.get(provider, subject) as AccountUser | undefined) ?? null;
    },
    async getUser(uid) {
      const row = byUid.get(uid) as Row | undefined;
      return row ? { uid: row.uid, email: row.email } : null;
    },
    async isEmailVerified(uid) {
      return Boolean((byUid.get(uid) as Row | undefined)?.email_verified_at);
    },
    async verificationCode(uid) {
      const row = byUid.get(uid) as Row | undefined;
      return row?.email && !row.email_verified_at ? issue(row, "verify-email") : null;
    },
    async passwordResetCode(email) {
      const parsed = emailSchema.safeParse(email);
      const row = parsed.success ? (byEmail.get(parsed.data) as Row | undefined) : undefined;
      return row ? issue(row, "reset-password") : null;
    },
    async verifyEmail(code) {
      return redeem(code, "verify-email");
    },
    async checkPasswordResetCode(code) {
      return resetEmail(code);
    },
    async resetPassword(code, password) {
      const email = resetEmail(code);
      if (!email) throw invalidCode();
      checkPassword(password, email);
      return redeem(code, "reset-password", await passwords.hash(password));
    },
    async deleteAccount(uid) {
      deleteUser.run(uid);
    },
  };
}

interface FavoriteRow {
  id: string;
  audio_src: string;
  audio_title: string;
  duration: number;
  is_fav: number;
}
const toFavorite = (r: FavoriteRow): Favorite => ({
  id: r.id,
  audioSrc: r.audio_src,
  audioTitle: r.audio_title,
  Duration: r.duration,
  isFav: r.is_fav === 1,
});

/** What the library answers of a listener, read in one statement. */
interface ListenerState {
  favorites: readonly Favorite[];
  record: UserRecord | null;
  sync: ActiveAudioSync | null;
}
type StateRow = { favorites: string; record: string | null; sync: string | null };

/** A listener's favorites, record and position as three JSON columns, for the listener `uid` names (SQL). */
const listenerStateColumns = (uid: string) => `
  (SELECT json_group_array(json_object('id', id, 'audio_src', audio_src, 'audio_title', audio_title,
     'duration', duration, 'is_fav', is_fav) ORDER BY created_at DESC, id) FROM favorites WHERE uid = ${uid}) AS favorites,
  (SELECT json_object('audio_title', audio_title, 'audio_src', audio_src, 'duration', duration)
   FROM user_records WHERE uid = ${uid}) AS record,
  (SELECT json_object('audio_title', audio_title, 'duration', duration, 'audio_img', audio_img,
     'audio_src', audio_src, 'position', position) FROM active_audio_sync WHERE uid = ${uid}) AS sync`;

function parseState(r: StateRow): ListenerState {
  const record =
    r.record === null ? null : (JSON.parse(r.record) as { audio_title: string; audio_src: string; duration: number });
  return {
    favorites: (JSON.parse(r.favorites) as FavoriteRow[]).map(toFavorite),
    record: record && { audioTitle: record.audio_title, audioSrc: record.audio_src, duration: record.duration },
    sync: r.sync === null ? null : syncFromRow(JSON.parse(r.sync) as SyncRow),
  };
}

/** A listener's favorites, record and position, read together. */
function listenerStates(db: Db) {
  const one = db.prepare(`SELECT ${listenerStateColumns("@uid")}`);
  return { read: (uid: string) => parseState(one.get({ uid }) as StateRow) };
}

export function createSqliteLibrary(db: Db, { favoritesMax = FAVORITES_MAX } = {}): Library {
  const states = listenerStates(db);
  const initRecord = db.prepare(
    "INSERT OR IGNORE INTO user_records (uid, audio_title, audio_src, duration) VALUES (?, '', '', 0)",
  );
  const initSync = db.prepare("INSERT OR IGNORE INTO active_audio_sync (uid) VALUES (?)");
  const upsertSync =
    db.prepare(`INSERT INTO active_audio_sync (uid, audio_title, duration, audio_img, audio_src, position, written_at)
    VALUES (@uid, @AudioTitle, @Duration, @AudioImg, @AudioSrc, @currentTime, @writtenAt)
    ON CONFLICT (uid) DO UPDATE SET audio_title = excluded.audio_title, duration = excluded.duration,
      audio_img = excluded.audio_img, audio_src = excluded.audio_src, position = excluded.position,
      written_at = excluded.written_at
    WHERE excluded.written_at > active_audio_sync.written_at`);
  const updateRecord = db.prepare(
    "INSERT INTO user_records (uid, audio_title, audio_src, duration) VALUES (?, ?, ?, ?) ON CONFLICT (uid) DO UPDATE SET audio_title = excluded.audio_title, audio_src = excluded.audio_src, duration = excluded.duration",
  );
  // Only while the account keeps fewer than its most.
  const insertFav = db.prepare(
    `INSERT INTO favorites (id, uid, audio_src, audio_title, duration, is_fav, created_at)
     SELECT @id, @uid, @audioSrc, @audioTitle, @duration, 1, @now
     WHERE (SELECT count(*) FROM favorites WHERE uid = @uid) < @max
     ON CONFLICT (uid, audio_src) DO NOTHING`,
  );
  const favBySrc = db.prepare(
    "SELECT id, audio_src, audio_title, duration, is_fav FROM favorites WHERE uid = ? AND audio_src = ?",
  );
  const deleteFav = db.prepare("DELETE FROM favorites WHERE uid = ? AND id = ?");
  const deleteFavBySrc = db.prepare("DELETE FROM favorites WHERE uid = ? AND audio_src = ?");
  const adult = db.prepare("SELECT adult_confirmed_at FROM users WHERE uid = ?");
  const setAdult = db.prepare("UPDATE users SET adult_confirmed_at = ? WHERE uid = ? AND adult_confirmed_at IS NULL");
  const deletes = [
    "DELETE FROM favorites WHERE uid = ?",
    "DELETE FROM active_audio_sync WHERE uid = ?",
    "DELETE FROM user_records WHERE uid = ?",
    "UPDATE users SET adult_confirmed_at = NULL WHERE uid = ?",
  ].map((sql) => db.prepare(sql));
  const deleteLibrary = db.transaction((uid: string) => deletes.forEach((statement) => statement.run(uid)));

  return {
    async initUser(uid) {
      db.transaction(() => {
        initRecord.run(uid);
        initSync.run(uid);
      })();
    },
    async userRecord(uid) {
      return states.read(uid).record;
    },
    async activeAudioSync(uid) {
      return states.read(uid).sync;
    },
    async writeProgress(uid, s, writtenAt) {
      let result: "written" | "stale" = "stale";
      db.transaction(() => {
        const changes = upsertSync.run({ uid, ...s, writtenAt }).changes;
        if (changes > 0) {
          result = "written";
          // users/<uid> keeps the last audio (docs/product.md §4: read first at sign-in).
          updateRecord.run(uid, s.AudioTitle, s.AudioSrc, s.Duration);
        }
      })();
      return result;
    },
    async favorites(uid) {
      return states.read(uid).favorites;
    },
    async addFavorite(uid, fav) {
      // The write lock first: another process's add cannot slip between the count and the insert.
      const row = db
        .transaction(() => {
          insertFav.run({ id: newPushId(), uid, ...fav, now: Date.now(), max: favoritesMax });
          return favBySrc.get(uid, fav.audioSrc) as FavoriteRow | undefined;
        })
        .immediate();
      return row ? toFavorite(row) : null;
    },
    async removeFavorite(uid, id) {
      return deleteFav.run(uid, id).changes > 0;
    },
    async removeFavoriteBySrc(uid, audioSrc) {
      return deleteFavBySrc.run(uid, audioSrc).changes > 0;
    },
    async isAdultConfirmed(uid) {
      const r = adult.get(uid) as { adult_confirmed_at: number | null } | undefined;
      return Boolean(r?.adult_confirmed_at);
    },
    async confirmAdult(uid) {
      setAdult.run(Date.now(), uid);
    },
    async deleteAllFor(uid) {
      deleteLibrary(uid);
    },
  };
}
