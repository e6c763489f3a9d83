import fs from "node:fs";
import path from "node:path";
import { parseChapters, type Chapter } from "~/rules/chapters";
import { parseVtt, type Cue } from "~/rules/transcript";
import type { EpisodeExtras } from "~/services/episode-extras.server";
import { bounded, DEFAULT_TIMEOUT_MS, type FetchLike } from "../http/remote-json.server";

/** A transcript of a three-hour show is a few hundred KB. */
const MAX_BYTES = 2 * 1024 * 1024;
/** Files kept parsed; the sample has six, a real archive's pages ask for a few hundred at most. */
const KEPT = 256;

/**
 * Chapters and transcripts from the site's own files (a `/media/…` path, read from the public
 * folder) or from the show's file host (an http(s) URL, one bounded GET). What was read is kept:
 * the files of a published episode do not change.
 */
export function createEpisodeExtras({
  publicDir,
  fetch: get = fetch,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: {
  publicDir: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}): EpisodeExtras {
  const media = path.resolve(publicDir, "media");
  const kept = new Map<string, Promise<unknown>>();

  async function read(url: string): Promise<string | null> {
    if (url.startsWith("/media/")) {
      const file = path.resolve(publicDir, `.${decodeURI(url.split(/[?#]/)[0]!)}`);
      if (!file.startsWith(media + path.sep)) return null;
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile() || stat.size > MAX_BYTES) return null;
      return fs.promises.readFile(file, "utf8");
    }
    if (!/^https?:\/\//i.test(url)) return null;
    const host = new URL(url).host;
    return bounded(host, async () => {
      const res = await get(url, { signal: AbortSignal.timeout(timeoutMs), credentials: "omit" });
      if (!res.ok || Number(res.headers.get("content-length") ?? 0) > MAX_BYTES) return null;
      const body = await res.text();
      return body.length > MAX_BYTES ? null : body;
    });
  }

  function cached<T>(key: string, url: string, parse: (text: string) => T, none: T): Promise<T> {
    const hit = kept.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const loading = read(url).then(
      (text) => (text === null ? none : parse(text)),
      // A failure is not kept: the next page view tries again.
      () => {
        kept.delete(key);
        return none;
      },
    );
    kept.set(key, loading);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return loading;
  }

  return {
    chapters: (url) =>
      cached<Chapter[]>(
        `c ${url}`,
        url,
        (text) => {
          try {
            return parseChapters(JSON.parse(text));
          } catch {
            return [];
          }
        },
        [],
      ),
    transcript: (url) => cached<Cue[]>(`t ${url}`, url, parseVtt, []),
  };
}
