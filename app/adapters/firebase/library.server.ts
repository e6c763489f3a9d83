import crypto from "node:crypto";
import { z } from "zod";
import { FAVORITES_MAX } from "~/rules/library";
import type { ActiveAudioSync, Favorite, Library, UserRecord } from "~/services/accounts.server";
import { RemoteError, type FetchLike } from "../http/remote-json.server";
import type { AccessTokenProvider } from "./credentials.server";
import { requestJson, shapeError, type JsonAnswer } from "./http.server";
import { keyedLock } from "./lock.server";

/**
 * The listener's library in the show's Firebase Realtime Database, through its REST API, at the
 * paths of docs/product.md §7 exactly (the existing app's data is read and written in place):
 *
 *   users/<uid>                    audioTitle, audioSrc, duration (+ adultConfirmedAt, this app's 18+ gate)
 *   users/<uid>/ActiveAudioSync    AudioTitle, Duration, AudioImg, AudioSrc, currentTime (+ writtenAt)
 *   users/<uid>/favorites/<id>     audioSrc, audioTitle, isFav, Duration   (id = a push id)
 *
 * - The uid is always the caller's (the server-side session), never a request body's.
 * - Every request is authenticated with the service account's access token AND downscoped with
 *   `auth_variable_override={"uid":"<uid>"}`, so the database rules (database.rules.json: each
 *   user only their own users/<uid>) apply to the server too — a wrong path is refused by the
 *   database, not only by this code.
 * - Timeouts (UPSTREAM_TIMEOUT_MS, 2 s by default) on every call; answers validated with zod.
 *   Read failures throw (the root loader then serves the page signed out).
 * - Existing data is read tolerantly: favorites written as `Title`/`Episodeurl` are read like
 *   `audioTitle`/`audioSrc`; numbers stored as numeric strings are read as numbers.
 */
export interface FirebaseLibraryConfig {
  /** e.g. https://<project>-default-rtdb.firebaseio.com (query parameters such as ?ns= are kept). */
  databaseUrl: string;
  getAccessToken: AccessTokenProvider;
  timeoutMs?: number;
  /** FAVORITES_MAX unless a test says otherwise. */
  favoritesMax?: number;
  fetch?: FetchLike;
}

/** RTDB keys may not contain . # $ [ ] / (nor control characters); uids are at most 128 characters. */
const KEY = /^[^.#$[\]/\u0000-\u001f\u007f]+$/;
const isKey = (key: string, max: number) => key.length > 0 && key.length <= max && KEY.test(key);

const text = (v: unknown) => (typeof v === "string" ? v : "");
const amount = (v: unknown) => {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : 0;
};
const cleanNumber = (n: number) => (Number.isFinite(n) && n >= 0 ? n : 0);

const node = z.record(z.unknown()).nullable();
const anyValue = z.unknown();
/** favorites: an object of id → entry; an array when the ids happen to be 0, 1, 2… */
const favoritesNode = z.union([z.record(z.unknown()), z.array(z.unknown())]).nullable();

interface StoredFavorite {
  id: string;
  audioSrc: string;
  audioTitle: string;
  Duration: number;
  isFav: boolean;
}

function readFavorite(id: string, raw: unknown): StoredFavorite | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const audioSrc = text(r.audioSrc) || text(r.Episodeurl);
  if (!audioSrc) return null;
  return {
    id,
    audioSrc,
    audioTitle: text(r.audioTitle) || text(r.Title),
    Duration: amount(r.Duration),
    isFav: r.isFav !== false && r.isFav !== "false",
  };
}

/** The favorites a listener sees: newest first (push ids sort by time), one per audio source. */
function visible(stored: (StoredFavorite | null)[]): StoredFavorite[] {
  const seen = new Set<string>();
  return stored
    .filter((f): f is StoredFavorite => f !== null)
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .filter((f) => f.isFav && !seen.has(f.audioSrc) && seen.add(f.audioSrc));
}

const PUSH_CHARS = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
/** A child key like the database's own push ids: 8 characters of time, then 12 random; sorts by time. */
function pushId(now: number): string {
  let time = "";
  for (let t = now, i = 0; i < 8; i++, t = Math.floor(t / 64)) time = PUSH_CHARS[t % 64] + time;
  return time + Array.from(crypto.randomBytes(12), (b) => PUSH_CHARS[b % 64]).join("");
}

/**
 * Requests on users/<uid>/… as that listener (downscoped, so the database rules apply to the
 * server too), with the checks every store of this database makes.
 */
export function userDatabase(
  config: Pick<FirebaseLibraryConfig, "databaseUrl" | "getAccessToken" | "timeoutMs" | "fetch">,
) {
  const base = new URL(config.databaseUrl);
  const host = base.host;
  const http = { fetch: config.fetch, timeoutMs: config.timeoutMs };

  const userPath = (uid: string, ...rest: string[]) => {
    if (!isKey(uid, 128)) throw new RemoteError(`${host}: refused an invalid uid`);
    return ["users", uid, ...rest].map(encodeURIComponent).join("/");
  };

  async function request(
    uid: string,
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const url = new URL(base.href);
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/${path}.json`;
    url.searchParams.set("access_token", await config.getAccessToken());
    url.searchParams.set("auth_variable_override", JSON.stringify({ uid }));
    return requestJson(url.href, { method, ...init }, http);
  }
  const ok = (answer: JsonAnswer, what: string) => {
    if (answer.status < 200 || answer.status >= 300) {
      const reason =
        typeof (answer.body as { error?: unknown } | null)?.error === "string"
          ? `: ${(answer.body as { error: string }).error}`
          : "";
      throw new RemoteError(`${host}: ${what} HTTP ${answer.status}${reason.slice(0, 120)}`, answer.status);
    }
    return answer;
  };
  const parse = <S extends z.ZodTypeAny>(schema: S, body: unknown): z.infer<S> => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw shapeError(host, parsed.error.issues[0]);
    return parsed.data;
  };

  const read = async <S extends z.ZodTypeAny>(uid: string, schema: S, ...rest: string[]): Promise<z.infer<S>> =>
    parse(schema, ok(await request(uid, "GET", userPath(uid, ...rest)), "read").body);
  /** A read with its ETag, for a conditional write. */
  const readTagged = async <S extends z.ZodTypeAny>(uid: string, schema: S, ...rest: string[]) => {
    const answer = ok(
      await request(uid, "GET", userPath(uid, ...rest), { headers: { "X-Firebase-ETag": "true" } }),
      "read",
    );
    const etag = answer.headers.get("ETag");
    if (!etag) throw new RemoteError(`${host}: no ETag on a conditional read`);
    return { value: parse(schema, answer.body) as z.infer<S>, etag };
  };
  return { host, userPath, request, ok, parse, read, readTagged };
}

export function createFirebaseLibrary(config: FirebaseLibraryConfig): Library {
  const { host, userPath, request, ok, parse, read, readTagged } = userDatabase(config);
  const withLock = keyedLock();
  const favoritesMax = config.favoritesMax ?? FAVORITES_MAX;

  async function storedFavorites(uid: string): Promise<StoredFavorite[]> {
    const raw = await read(uid, favoritesNode, "favorites");
    if (!raw) return [];
    const entries: [string, unknown][] = Array.isArray(raw) ? raw.map((v, i) => [String(i), v]) : Object.entries(raw);
    return entries.map(([id, v]) => readFavorite(id, v)).filter((f): f is StoredFavorite => f !== null);
  }

  return {
    /**
     * docs/product.md §7 "Write at sign-up", once, only where nothing is stored yet (a conditional PUT on
     * users/<uid>): the user record, ActiveAudioSync, and `favorites: {}` — which the Realtime
     * Database does not keep (empty objects are dropped), exactly as for the existing app; an absent
     * favorites node reads as an empty list.
     */
    async initUser(uid) {
      await withLock(uid, async () => {
        const { value, etag } = await readTagged(uid, anyValue);
        if (value !== null && value !== undefined) return;
        const answer = await request(uid, "PUT", userPath(uid), {
          headers: { "if-match": etag },
          body: {
            audioTitle: "",
            audioSrc: "",
            duration: 0,
            ActiveAudioSync: { AudioTitle: "", Duration: 0, AudioImg: "", AudioSrc: "", currentTime: 0 },
            favorites: {},
          },
        });
        if (answer.status === 412) return; // written meanwhile: never overwrite a listener's data
        ok(answer, "sign-up write");
      });
    },

    async userRecord(uid): Promise<UserRecord | null> {
      const r = await read(uid, node);
      if (!r || !("audioTitle" in r || "audioSrc" in r || "duration" in r)) return null;
      return { audioTitle: text(r.audioTitle), audioSrc: text(r.audioSrc), duration: amount(r.duration) };
    },

    async activeAudioSync(uid): Promise<ActiveAudioSync | null> {
      const r = await read(uid, node, "ActiveAudioSync");
      if (!r) return null;
      return {
        AudioTitle: text(r.AudioTitle),
        Duration: amount(r.Duration),
        AudioImg: text(r.AudioImg),
        AudioSrc: text(r.AudioSrc),
        currentTime: amount(r.currentTime),
      };
    },

    /**
     * docs/product.md §4 progress sync: "an older write never overwrites a newer one". The stored record
     * carries `writtenAt`; the write is a conditional PUT (ETag read, then `if-match`), retried
     * once on 412 with the fresh value the database sends back. Losing twice to concurrent writes
     * answers "stale" (nothing written). users/<uid> mirrors the last audio when it changes.
     */
    async writeProgress(uid, s, writtenAt) {
      const sync = {
        AudioTitle: s.AudioTitle,
        Duration: cleanNumber(s.Duration),
        AudioImg: s.AudioImg,
        AudioSrc: s.AudioSrc,
        currentTime: cleanNumber(s.currentTime),
        writtenAt: cleanNumber(writtenAt),
      };
      return withLock(`sync:${uid}`, async () => {
        let { value: current, etag } = await readTagged(uid, node, "ActiveAudioSync");
        for (let attempt = 0; attempt < 2; attempt++) {
          const stored = typeof current?.writtenAt === "number" ? current.writtenAt : -Infinity;
          if (stored >= sync.writtenAt) return "stale" as const;
          const answer = await request(uid, "PUT", userPath(uid, "ActiveAudioSync"), {
            headers: { "if-match": etag },
            body: sync,
          });
          if (answer.status === 412) {
            const fresh = answer.headers.get("ETag");
            if (fresh) ({ value: current, etag } = { value: parse(node, answer.body), etag: fresh });
            else ({ value: current, etag } = await readTagged(uid, node, "ActiveAudioSync"));
            continue;
          }
          ok(answer, "progress write");
          const changed =
            !current ||
            current.AudioSrc !== sync.AudioSrc ||
            current.AudioTitle !== sync.AudioTitle ||
            current.Duration !== sync.Duration;
          if (changed) {
            ok(
              await request(uid, "PATCH", userPath(uid), {
                body: { audioTitle: sync.AudioTitle, audioSrc: sync.AudioSrc, duration: sync.Duration },
              }),
              "user record write",
            );
          }
          return "written" as const;
        }
        return "stale" as const;
      });
    },

    /** Newest first, one per audio source (older duplicates written by other clients are hidden). */
    async favorites(uid): Promise<Favorite[]> {
      return visible(await storedFavorites(uid));
    },

    /**
     * Idempotent per audio source, and never past the cap: the favorites node is read with its
     * ETag and written whole, on condition that nothing changed meanwhile (another server's add
     * makes it 412: read again and decide again). Entries the app does not know are kept as read.
     */
    async addFavorite(uid, fav) {
      return withLock(uid, async () => {
        for (let attempt = 0; attempt < 5; attempt++) {
          const { value, etag } = await readTagged(uid, favoritesNode, "favorites");
          const raw: Record<string, unknown> = Array.isArray(value)
            ? Object.fromEntries(value.map((v, i) => [String(i), v]))
            : (value ?? {});
          const kept = visible(Object.entries(raw).map(([id, v]) => readFavorite(id, v)));
          const existing = kept.find((f) => f.audioSrc === fav.audioSrc);
          if (existing) return existing;
          if (kept.length >= favoritesMax) return null;
          const id = pushId(Date.now());
          const entry = {
            audioSrc: fav.audioSrc,
            audioTitle: fav.audioTitle,
            isFav: true,
            Duration: cleanNumber(fav.duration),
          };
          const answer = await request(uid, "PUT", userPath(uid, "favorites"), {
            headers: { "if-match": etag },
            body: { ...raw, [id]: entry },
          });
          if (answer.status === 412) continue;
          ok(answer, "favorite write");
          return { id, ...entry };
        }
        throw new RemoteError(`${host}: favorites changed on every try; not added`);
      });
    },

    async removeFavorite(uid, id) {
      if (!isKey(id, 768)) return false;
      return withLock(uid, async () => {
        if ((await read(uid, anyValue, "favorites", id)) == null) return false;
        ok(await request(uid, "DELETE", userPath(uid, "favorites", id)), "favorite removal");
        return true;
      });
    },

    async removeFavoriteBySrc(uid, audioSrc) {
      return withLock(uid, async () => {
        const ids = (await storedFavorites(uid)).filter((f) => f.audioSrc === audioSrc).map((f) => f.id);
        for (const id of ids) ok(await request(uid, "DELETE", userPath(uid, "favorites", id)), "favorite removal");
        return ids.length > 0;
      });
    },

    async isAdultConfirmed(uid) {
      const at = await read(uid, anyValue, "adultConfirmedAt");
      return typeof at === "number" && at > 0;
    },

    async confirmAdult(uid) {
      await withLock(uid, async () => {
        const at = await read(uid, anyValue, "adultConfirmedAt");
        if (typeof at === "number" && at > 0) return;
        ok(await request(uid, "PUT", userPath(uid, "adultConfirmedAt"), { body: Date.now() }), "adult confirmation");
      });
    },

    async deleteAllFor(uid) {
      await withLock(uid, async () => {
        ok(await request(uid, "DELETE", userPath(uid)), "library removal");
      });
    },
  };
}
