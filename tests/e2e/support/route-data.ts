/**
 * Route data as the browser gets it with single fetch (ADR 037): a client navigation asks for
 * `<path>.data` (`/_root.data` for `/`), naming in `_routes` the routes it needs; the answer is a
 * turbo-stream of `{ [routeId]: { data } | { error } }`. A page hands the same stream over in an
 * inline script.
 */
import { decode } from "turbo-stream";
import type { RootData, RootListener } from "../../../app/services/types";

/** The data URL of a page (path and query) for these routes (all the page's when none). */
export function dataUrl(path: string, ...routes: string[]): string {
  const url = new URL(path, "http://x");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  if (routes.length > 0) url.searchParams.set("_routes", routes.join(","));
  return url.pathname + url.search;
}

type Results = Record<string, { data?: unknown; error?: unknown }>;

/** A turbo-stream's value, plain data and Remix's error and redirect types as objects. */
export async function decodeStream(text: string): Promise<unknown> {
  const body = new Blob([text]).stream();
  const decoded = await decode(body, {
    plugins: [(type: string, ...rest: unknown[]) => ({ value: { [type]: rest } })],
  });
  await decoded.done;
  return decoded.value;
}

/** One route's data from a `.data` answer's text; throws when the route answered an error. */
export async function routeData<T>(text: string, routeId: string): Promise<T> {
  const result = ((await decodeStream(text)) as Results)[routeId];
  if (!result || !("data" in result)) throw new Error(`no data for ${routeId}: ${text.slice(0, 200)}`);
  return result.data as T;
}

/** The loader data a page hands over in its inline script. */
export async function pageData(html: string): Promise<Record<string, unknown>> {
  const m = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/.exec(html);
  if (!m) throw new Error("no data handoff in the page");
  const state = (await decodeStream(JSON.parse(m[1]!) as string)) as { loaderData: Record<string, unknown> };
  return state.loaderData;
}

/** The signed-in listener of root data, or null: who, and what the player restores (no favorites: `favoritesIn`). */
export const listenerOf = (root: RootData): RootListener | null => root.listener;

/**
 * A listener's whole library at once: their data export. The root data names no favorite (ADR
 * 050); each page carries those among its own episodes.
 */
export const MY_DATA = "/user/data";

/** The audio sources of a listener's favorites, newest first, in a `MY_DATA` answer's text. */
export const favoritesIn = (text: string) =>
  (JSON.parse(text) as { library: { favorites: { audioSrc: string }[] } }).library.favorites.map((f) => f.audioSrc);

/** What a browser asks for to read the root's data alone (as after a sign-in). */
export const ROOT_DATA = dataUrl("/", "root");

/** The signed-in listener in a `ROOT_DATA` answer's text, or null. */
export const listenerIn = async (text: string) => listenerOf(await routeData<RootData>(text, "root"));

/**
 * The same, read at once (for checks that cannot wait): the stream's first line is a JSON array
 * in which an object's `_<i>` key names the index of its key's text and points at its value's index
 * (plain objects, arrays and primitives are all the listener holds).
 */
export function listenerInSync(text: string): RootListener | null {
  const flat = JSON.parse(text.split("\n")[0]!) as unknown[];
  const key = `_${flat.indexOf("listener")}`;
  const owner = flat.find((v): v is Record<string, number> => typeof v === "object" && v !== null && key in v);
  if (!owner) throw new Error(`no listener in ${text.slice(0, 200)}`);
  const NULL = -5;
  const value = (i: number): unknown => {
    if (i === NULL) return null;
    const v = flat[i];
    if (Array.isArray(v)) return v.map((j) => value(j as number));
    if (typeof v !== "object" || v === null) return v;
    return Object.fromEntries(
      Object.entries(v as Record<string, number>).map(([k, j]) => [flat[Number(k.slice(1))] as string, value(j)]),
    );
  };
  return value(owner[key]!) as RootListener | null;
}

/** The signed-in listener a page hands the browser, or null. */
export const listenerOnPage = async (html: string) => listenerOf((await pageData(html)).root as RootData);
