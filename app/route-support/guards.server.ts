import { redirect } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import type { SessionUser } from "~/services/auth.server";
import { orElse } from "~/route-support/or-else";
import { CACHE_POLICY } from "./cache-policy";

/** The /signin notice of `orSignedOut` (app/rules/notices.ts). */
export const ACCOUNT_UNAVAILABLE_NOTICE = "account-unavailable";

/** What a refused cross-site write is told. */
export const CROSS_SITE_REFUSAL = "This form was sent from another site, so nothing was changed.";

/**
 * A write from another site changes nothing (CSRF): a foreign Origin, an opaque "null" origin
 * or Sec-Fetch-Site: cross-site. Requests without either header (non-browser clients) carry no
 * victim's cookies and pass. The server applies this before Remix runs; actions check again.
 */
export function isCrossSiteWrite(
  method: string,
  host: string | undefined,
  origin: string | null | undefined,
  fetchSite: string | null | undefined,
): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  if (fetchSite === "cross-site") return true;
  if (!origin) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export function assertSameOrigin(request: Request): void {
  const { method, headers } = request;
  if (isCrossSiteWrite(method, new URL(request.url).host, headers.get("Origin"), headers.get("Sec-Fetch-Site"))) {
    throw new Response(CROSS_SITE_REFUSAL, {
      status: 403,
      statusText: "Forbidden",
      headers: { "Cache-Control": CACHE_POLICY.private },
    });
  }
}

/** The honeypot field every public form carries; people never fill it, bots often do. */
export const HONEYPOT_FIELD = "website";
export function isBot(form: FormData): boolean {
  const v = form.get(HONEYPOT_FIELD);
  return typeof v === "string" && v.length > 0;
}

/** docs/product.md §2 "Unsigned visitors who open a protected route are redirected to /signin." */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await context.user();
  if (user) return user;
  throw toSignIn(request);
}

/** To /signin (with a notice saying why, if any), coming back to this page afterwards. */
function toSignIn(request: Request, notice?: string): Response {
  const url = new URL(request.url);
  const back = `redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
  return redirect(`/signin?${notice ? `notice=${notice}&` : ""}${back}`, {
    headers: { "Cache-Control": CACHE_POLICY.private },
  });
}

/**
 * The listener's account data could not be read (the accounts service is down, slow or sent
 * junk): they are treated as signed out, as the root loader does, never shown an error page —
 * back to /signin with a notice saying why. The notice also keeps /signin from sending the
 * still-valid session straight back here.
 */
export function orSignedOut<T>(request: Request, promise: Promise<T>): Promise<T> {
  return orElse("account, treated as signed out", promise, () => {
    throw toSignIn(request, ACCOUNT_UNAVAILABLE_NOTICE);
  });
}

/**
 * The body's bytes, or null when it is larger than maxBytes — declared (Content-Length) or sent
 * without a length (chunked), which is read only up to the limit, never buffered whole. A body
 * that cannot be read (the client went away) is a 400.
 */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get("Content-Length") ?? "0") > maxBytes) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      // Stop reading (not cancel: that would destroy the connection before the 413 is sent).
      if (size > maxBytes) return null;
      parts.push(value);
    }
  } catch {
    throw new Response("The request body could not be read.", { status: 400, statusText: "Bad Request" });
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
}

/** Read a form body (urlencoded or multipart); a malformed or oversized one is a 400/413, not a 500. */
export async function readForm(request: Request, maxBytes = 16 * 1024): Promise<FormData> {
  const bytes = await readBody(request, maxBytes);
  if (!bytes) throw new Response("The form is too large.", { status: 413, statusText: "Payload Too Large" });
  try {
    return await new Response(bytes, {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    }).formData();
  } catch {
    throw new Response("The form could not be read.", { status: 400, statusText: "Bad Request" });
  }
}

export function formText(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}
