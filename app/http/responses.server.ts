import { json } from "@remix-run/node";
import { CACHE_POLICY } from "./cache-policy";

/** The thrown responses route modules use; the shared error boundary renders them. */
export function notFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export function badRequest(message: string): Response {
  return new Response(message, { status: 400, statusText: "Bad Request" });
}

/** When a client may try again after a service it needed was unavailable. */
const RETRY_AFTER_SECONDS = 60;
const UNAVAILABLE_HEADERS = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": CACHE_POLICY.private };

/** A service the request needs is down, slow or answering junk: say so, and when to retry. */
export function serviceUnavailable(message: string): Response {
  return new Response(message, { status: 503, statusText: "Service Unavailable", headers: UNAVAILABLE_HEADERS });
}

/** The same for an action answering JSON (a fetcher, the progress beacon, a form's action data). */
export function serviceUnavailableJson<T>(data: T, retryAfterS = RETRY_AFTER_SECONDS) {
  return json(data, { status: 503, headers: { ...UNAVAILABLE_HEADERS, "Retry-After": String(retryAfterS) } });
}
