import type { z } from "zod";

/**
 * One GET to a remote JSON service: hard timeout (AbortSignal.timeout, also bounding the body),
 * size cap, no credentials, the answer validated with zod. Junk, non-2xx, timeouts and network
 * errors all reject with RemoteError — callers (the resilient cache) turn that into the last good
 * copy or the spec's empty fallback; nothing here ever reaches a page as a 500.
 */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export const DEFAULT_TIMEOUT_MS = 2_000;
const MAX_BYTES = 8 * 1024 * 1024;

export class RemoteError extends Error {
  name = "RemoteError";
  constructor(
    message: string,
    readonly status: number | null = null,
    /** The refusal's headers (PostgREST's Content-Range on a 416 names the row count). */
    readonly headers: Headers | null = null,
  ) {
    super(message);
  }
}

/**
 * Calls in flight to one upstream host at most. Past it a call fails at once, and its caller
 * serves the last good copy, instead of piling up behind an upstream that has turned slow: every
 * waiting call would hold a render slot and its memory for the whole timeout.
 */
export const UPSTREAM_CONCURRENCY = 16;
const inFlight = new Map<string, number>();

export async function bounded<T>(host: string, call: () => Promise<T>): Promise<T> {
  const calls = inFlight.get(host) ?? 0;
  if (calls >= UPSTREAM_CONCURRENCY) throw new RemoteError(`${host}: ${calls} calls already in flight`);
  inFlight.set(host, calls + 1);
  try {
    return await call();
  } finally {
    const left = inFlight.get(host)! - 1;
    if (left > 0) inFlight.set(host, left);
    else inFlight.delete(host);
  }
}

export interface RemoteJsonOptions {
  fetch?: FetchLike;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export interface RemoteAnswer<T> {
  data: T;
  headers: Headers;
}

export function getJson<S extends z.ZodTypeAny>(
  url: string,
  schema: S,
  options: RemoteJsonOptions = {},
): Promise<RemoteAnswer<z.infer<S>>> {
  return bounded(new URL(url).host, () => fetchJson(url, schema, options));
}

async function fetchJson<S extends z.ZodTypeAny>(
  url: string,
  schema: S,
  options: RemoteJsonOptions,
): Promise<RemoteAnswer<z.infer<S>>> {
  const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(url, {
      method: "GET",
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      redirect: "follow",
      credentials: "omit",
      headers: { Accept: "application/json", ...options.headers },
    });
  } catch (error) {
    throw new RemoteError(`${new URL(url).host}: ${error instanceof Error ? error.name : "network error"}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new RemoteError(`${new URL(url).host}: HTTP ${response.status}`, response.status, response.headers);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new RemoteError(`${new URL(url).host}: body ${error instanceof Error ? error.name : "error"}`);
  }
  if (text.length > MAX_BYTES) throw new RemoteError(`${new URL(url).host}: answer too large`);
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new RemoteError(`${new URL(url).host}: answer is not JSON`);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RemoteError(
      `${new URL(url).host}: unexpected shape at ${issue?.path.join(".") || "(root)"}: ${issue?.message}`,
    );
  }
  return { data: parsed.data, headers: response.headers };
}

/** A file's size from a HEAD request (its Content-Length), or null when the host does not say. */
export async function headLength(url: string, options: RemoteJsonOptions = {}): Promise<number | null> {
  const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  try {
    const response = await bounded(new URL(url).host, () =>
      doFetch(url, {
        method: "HEAD",
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        redirect: "follow",
        credentials: "omit",
      }),
    );
    await response.body?.cancel().catch(() => undefined);
    const length = Number(response.headers.get("content-length"));
    return response.ok && Number.isSafeInteger(length) && length > 0 ? length : null;
  } catch {
    return null;
  }
}
