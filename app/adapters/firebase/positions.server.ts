import crypto from "node:crypto";
import { z } from "zod";
import { POSITIONS_MAX } from "~/rules/library";
import type { EpisodePosition, Positions } from "~/services/positions.server";
import { userDatabase, type FirebaseLibraryConfig } from "./library.server";
import { keyedLock } from "./lock.server";

/**
 * Episode positions in the Realtime Database (ADR 033):
 *
 *   users/<uid>/positions/<key>   audioSrc, audioTitle, position, duration, played, updatedAt
 *
 * `key` is a hash of the audio source (a source is no database key: it holds `.` and `/`). A write
 * is conditional (ETag, `if-match`) so the newest `updatedAt` wins across servers, as
 * ActiveAudioSync's does; a new entry past the cap drops the least recently written.
 */
const keyOf = (audioSrc: string) => crypto.createHash("sha256").update(audioSrc).digest("hex").slice(0, 40);

const entry = z.record(z.unknown()).nullable();
const entries = z.record(z.unknown()).nullable();
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);

function readEntry(raw: unknown): EpisodePosition | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.audioSrc !== "string" || !r.audioSrc) return null;
  return {
    audioSrc: r.audioSrc,
    audioTitle: typeof r.audioTitle === "string" ? r.audioTitle : "",
    position: num(r.position),
    duration: num(r.duration),
    played: r.played === true,
    updatedAt: num(r.updatedAt),
  };
}
const newestFirst = (a: EpisodePosition, b: EpisodePosition) =>
  b.updatedAt - a.updatedAt || (a.audioSrc < b.audioSrc ? -1 : a.audioSrc > b.audioSrc ? 1 : 0);

export function createFirebasePositions(
  config: Pick<FirebaseLibraryConfig, "databaseUrl" | "getAccessToken" | "timeoutMs" | "fetch"> & { max?: number },
): Positions {
  const { userPath, request, ok, parse, read, readTagged } = userDatabase(config);
  const max = config.max ?? POSITIONS_MAX;
  const withLock = keyedLock();

  async function stored(uid: string): Promise<[string, EpisodePosition][]> {
    const raw = await read(uid, entries, "positions");
    return Object.entries(raw ?? {})
      .map(([key, v]): [string, EpisodePosition | null] => [key, readEntry(v)])
      .filter((e): e is [string, EpisodePosition] => e[1] !== null)
      .sort(([, a], [, b]) => newestFirst(a, b));
  }

  const positions: Positions = {
    async write(uid, p, updatedAt) {
      const key = keyOf(p.audioSrc);
      const value = { ...p, position: num(p.position), duration: num(p.duration), updatedAt: num(updatedAt) };
      return withLock(`positions:${uid}`, async () => {
        let { value: current, etag } = await readTagged(uid, entry, "positions", key);
        const added = current === null;
        for (let attempt = 0; attempt < 2; attempt++) {
          if (num(current?.updatedAt) >= value.updatedAt && current) return "stale" as const;
          const answer = await request(uid, "PUT", userPath(uid, "positions", key), {
            headers: { "if-match": etag },
            body: value,
          });
          if (answer.status === 412) {
            const fresh = answer.headers.get("ETag");
            if (fresh) ({ value: current, etag } = { value: parse(entry, answer.body), etag: fresh });
            else ({ value: current, etag } = await readTagged(uid, entry, "positions", key));
            continue;
          }
          ok(answer, "position write");
          if (added) {
            const dropped = (await stored(uid)).slice(max).map(([k]) => [k, null]);
            if (dropped.length > 0)
              ok(
                await request(uid, "PATCH", userPath(uid, "positions"), { body: Object.fromEntries(dropped) }),
                "position eviction",
              );
          }
          return "written" as const;
        }
        return "stale" as const;
      });
    },
    async list(uid) {
      return (await stored(uid)).map(([, p]) => p);
    },
    async exportFor(uid) {
      return { positions: await positions.list(uid) };
    },
    async deleteAllFor(uid) {
      ok(await request(uid, "DELETE", userPath(uid, "positions")), "positions removal");
    },
  };
  return positions;
}
