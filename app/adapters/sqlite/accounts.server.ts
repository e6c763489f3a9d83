import type { Db } from "./db.server";
import {
  AccountError,
  type AccountUser,
  type Accounts,
  type Favorite,
  type Library,
  type ProviderProfile,
  type UserRecord,
} from "~/services/accounts.server";
import { createPasswords, type Passwords } from "~/services/password.server";
import {
  checkEmail,
  checkPassword,
  emailSchema,
  newPushId,
  newUid,
  syncFromRow,
  type SyncRow,
} from "../shapes/account-input.server";

export function createSqliteAccounts(db: Db, passwords: Passwords = createPasswords()): Accounts {
  const byEmail = db.prepare("SELECT uid, email, password_hash FROM users WHERE email = ?");
  const byUid = db.prepare("SELECT uid, email FROM users WHERE uid = ?");
  const insertUser = db.prepare("INSERT INTO users (uid, email, password_hash, created_at) VALUES (?, ?, ?, ?)");
  // Only over the hash that was checked: a password changed meanwhile stays changed.
  const upgradeHash = db.prepare("UPDATE users SET password_hash = ? WHERE uid = ? AND password_hash = ?");
  const byIdentity = db.prepare(
    "SELECT u.uid, u.email FROM identities i JOIN users u ON u.uid = i.uid WHERE i.provider = ? AND i.subject = ?",
  );
  const insertIdentity = db.prepare("INSERT OR IGNORE INTO identities (provider, subject, uid) VALUES (?, ?, ?)");

  return {
    async signUp(email, password) {
      const normalized = checkEmail(email);
      checkPassword(password, normalized);
      if (byEmail.get(normalized))
        throw new AccountError("email-taken", "The email address is already in use by another account.");
      const hash = await passwords.hash(password);
      const uid = newUid();
      try {
        insertUser.run(uid, normalized, hash, Date.now());
      } catch (error) {
        if (error instanceof Error && /UNIQUE/.test(error.message))
          throw new AccountError("email-taken", "The email address is already in use by another account.");
        throw error;
      }
      return { uid, email: normalized };
    },
    async signIn(email, password) {
      const parsed = emailSchema.safeParse(email);
      const row = parsed.success
        ? (byEmail.get(parsed.data) as { uid: string; email: string; password_hash: string | null } | undefined)
        : undefined;
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
      const known = email?.success ? (byEmail.get(email.data) as AccountUser | undefined) : undefined;
      if (known) {
        if (!profile.emailVerified) {
          throw new AccountError(
            "unverified-email",
            "An account with this email already exists. Sign in with your password first.",
          );
        }
        insertIdentity.run(profile.provider, profile.subject, known.uid);
        return { user: { uid: known.uid, email: known.email }, created: false };
      }
      const uid = newUid();
      const storedEmail = email?.success && profile.emailVerified ? email.data : null;
      db.transaction(() => {
        insertUser.run(uid, storedEmail, null, Date.now());
        insertIdentity.run(profile.provider, profile.subject, uid);
      })();
      return { user: { uid, email: storedEmail }, created: true };
    },
    async getUser(uid) {
      return (byUid.get(uid) as AccountUser | undefined) ?? null;
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

export function createSqliteLibrary(db: Db): Library {
  const initRecord = db.prepare(
    "INSERT OR IGNORE INTO user_records (uid, audio_title, audio_src, duration) VALUES (?, '', '', 0)",
  );
  const initSync = db.prepare("INSERT OR IGNORE INTO active_audio_sync (uid) VALUES (?)");
  const record = db.prepare("SELECT audio_title, audio_src, duration FROM user_records WHERE uid = ?");
  const sync = db.prepare(
    "SELECT audio_title, duration, audio_img, audio_src, position FROM active_audio_sync WHERE uid = ?",
  );
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
  const listFavs = db.prepare(
    "SELECT id, audio_src, audio_title, duration, is_fav FROM favorites WHERE uid = ? ORDER BY created_at DESC, id",
  );
  const insertFav = db.prepare(
    "INSERT INTO favorites (id, uid, audio_src, audio_title, duration, is_fav, created_at) VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (uid, audio_src) DO NOTHING",
  );
  const favBySrc = db.prepare(
    "SELECT id, audio_src, audio_title, duration, is_fav FROM favorites WHERE uid = ? AND audio_src = ?",
  );
  const deleteFav = db.prepare("DELETE FROM favorites WHERE uid = ? AND id = ?");
  const deleteFavBySrc = db.prepare("DELETE FROM favorites WHERE uid = ? AND audio_src = ?");
  const adult = db.prepare("SELECT adult_confirmed_at FROM users WHERE uid = ?");
  const setAdult = db.prepare("UPDATE users SET adult_confirmed_at = ? WHERE uid = ? AND adult_confirmed_at IS NULL");

  return {
    async initUser(uid) {
      db.transaction(() => {
        initRecord.run(uid);
        initSync.run(uid);
      })();
    },
    async userRecord(uid): Promise<UserRecord | null> {
      const r = record.get(uid) as { audio_title: string; audio_src: string; duration: number } | undefined;
      return r ? { audioTitle: r.audio_title, audioSrc: r.audio_src, duration: r.duration } : null;
    },
    async activeAudioSync(uid) {
      return syncFromRow(sync.get(uid) as SyncRow | undefined);
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
      return (listFavs.all(uid) as FavoriteRow[]).map(toFavorite);
    },
    async addFavorite(uid, fav) {
      insertFav.run(newPushId(), uid, fav.audioSrc, fav.audioTitle, fav.duration, Date.now());
      return toFavorite(favBySrc.get(uid, fav.audioSrc) as FavoriteRow);
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
  };
}
