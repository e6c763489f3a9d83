import { createHash } from "node:crypto";
import { json } from "@remix-run/node";
import fresh from "fresh";
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

/** A validator of a body's content: weak, since compression picks its coding after it is made. */
export const etagOf = (body: string) => `W/"${createHash("sha1").update(body).digest("base64url")}"`;

/** Whether the client's copy (If-None-Match, else If-Modified-Since) is this one. */
export const isFresh = (request: Request, validators: { etag: string; "last-modified"?: string }) =>
  fresh(
    {
      "if-none-match": request.headers.get("if-none-match") ?? undefined,
      "if-modified-since": request.headers.get("if-modified-since") ?? undefined,
      "cache-control": request.headers.get("cache-control") ?? undefined,
    },
    validators,
  );

/**
 * A generated document (feed, sitemap, now-playing) with validators, answered 304 without a body when the
 * client's copy is current (If-None-Match, else If-Modified-Since): readers that poll pay nothing
 * for an unchanged feed.
 */
export function conditionalResponse(
  request: Request,
  body: string,
  {
    contentType,
    cacheControl,
    lastModified,
  }: { contentType: string; cacheControl: string; lastModified?: Date | null },
): Response {
  const etag = etagOf(body);
  // Public documents web podcast apps and validators fetch from their own pages.
  const validators: Record<string, string> = {
    ETag: etag,
    "Cache-Control": cacheControl,
    "Access-Control-Allow-Origin": "*",
  };
  if (lastModified) validators["Last-Modified"] = lastModified.toUTCString();
  if (isFresh(request, { etag, "last-modified": validators["Last-Modified"] }))
    return new Response(null, { status: 304, headers: validators });
  return new Response(body, { headers: { ...validators, "Content-Type": contentType } });
}

/** A short plain-text answer (a resource route's 4xx): what went wrong, kept only briefly. */
export function plainText(message: string, status: number): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_POLICY.error },
  });
}
