import { bounded, RemoteError, DEFAULT_TIMEOUT_MS, type FetchLike } from "../http/remote-json.server";

/**
 * One JSON request to a Firebase REST endpoint (Identity Toolkit or the Realtime Database), any
 * method: hard timeout (AbortSignal.timeout, also bounding the body), size cap, no redirects to
 * follow, no credentials from the environment. The answer is parsed as JSON (an empty body is
 * null) and returned with its status and headers; the caller validates it with zod.
 *
 * Error messages name the host and the status only — never the URL: Realtime Database URLs carry
 * the access token in their query string.
 */
export interface FirebaseHttpOptions {
  fetch?: FetchLike;
  timeoutMs?: number;
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

const MAX_BYTES = 8 * 1024 * 1024;

export function requestJson(
  url: string,
  init: { method: string; body?: unknown; headers?: Record<string, string> },
  options: FirebaseHttpOptions = {},
): Promise<JsonAnswer> {
  return bounded(new URL(url).host, () => send(url, init, options));
}

async function send(
  url: string,
  init: { method: string; body?: unknown; headers?: Record<string, string> },
  options: FirebaseHttpOptions,
): Promise<JsonAnswer> {
  const host = new URL(url).host;
  const doFetch = options.fetch ?? ((input: string, i?: RequestInit) => fetch(input, i));
  let response: Response;
  try {
    response = await doFetch(url, {
      method: init.method,
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      redirect: "error",
      credentials: "omit",
      headers: {
        Accept: "application/json",
        ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...init.headers,
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  } catch (error) {
    throw new RemoteError(`${host}: ${error instanceof Error ? error.name : "network error"}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new RemoteError(`${host}: body ${error instanceof Error ? error.name : "error"}`, response.status);
  }
  if (text.length > MAX_BYTES) throw new RemoteError(`${host}: answer too large`, response.status);
  let body: unknown = null;
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      throw new RemoteError(`${host}: answer is not JSON (HTTP ${response.status})`, response.status);
    }
  }
  return { status: response.status, headers: response.headers, body };
}

/** A zod failure as a RemoteError naming the first bad path (junk answers are failures, never data). */
export function shapeError(
  host: string,
  issue: { path: (string | number)[]; message: string } | undefined,
): RemoteError {
  return new RemoteError(`${host}: unexpected shape at ${issue?.path.join(".") || "(root)"}: ${issue?.message}`);
}
