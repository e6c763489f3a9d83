import type { NowPlaying } from "~/rules/now-playing";
import { parseAzuraCast, parseIcecast } from "./parse.server";
import type { NowPlayingSource } from "~/services/now-playing.server";
import { createHttpJsonSource, type FetchLike } from "./http-json.server";

/**
 * A station on its own server: Icecast `status-json.xsl` (`{icestats: {source}}`) or the
 * AzuraCast now-playing API (`{now_playing: {song}}`), whichever shape the URL answers with.
 * `mount` picks one Icecast mount when the server carries several.
 */
export function createIcecastSource(options: {
  url: string;
  mount?: string;
  timeoutMs?: number;
  fetch?: FetchLike;
}): NowPlayingSource {
  const parse = (payload: unknown): NowPlaying | null =>
    parseIcecast(payload, { mount: options.mount }) ?? parseAzuraCast(payload);
  return createHttpJsonSource({
    name: "icecast",
    url: options.url,
    parse,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
  });
}
