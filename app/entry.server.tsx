import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/ui/nonce";
import { CACHE_POLICY } from "~/route-support/cache-policy";
import { etagOf, isFresh } from "~/route-support/responses.server";
import { log } from "~/services/log.server";

/** The server (server.ts) takes the env, services and load context from here, via the build. */
export { createAppServer } from "./composition.server";

/** A render that has not finished by then is cut off (its loaders have long answered). */
const ABORT_DELAY_MS = 5_000;

/**
 * What Remix logs of an error: a client's mistake (a POST where no action is, a `_data` naming
 * another route: a 4xx) is one line without a stack, so junk requests cannot flood the log; a
 * failure of ours keeps its stack. Requests the client gave up on are not logged.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const what = `${request.method} ${new URL(request.url).pathname.slice(0, 200)}`;
  // Remix still answers the data protocol before single fetch (`?_data=`: a page loaded before a
  // deploy asks so) and reports every such request as an error; the answer says what is wrong.
  if (error instanceof Error && error.message.includes("should not be making ?_data requests")) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const reason = (error as { error?: Error }).error?.message ?? error.statusText;
    log.warn(`[remix] ${what}: ${error.status} (${reason.slice(0, 300)})`);
    return;
  }
  log.error({ err: error }, `[remix] ${what}: failed`);
}

/**
 * Personalised responses are never shared caches' business: whatever a route's policy, a
 * response for a signed-in listener (or one that sets a cookie) is private, no-store. A page
 * without a named policy is private too (only routes that say so are public).
 */
async function privatizeIfPersonal(headers: Headers, loadContext: AppLoadContext) {
  // A session that could not be read is somebody's: private too.
  const personal = await loadContext.user().then(Boolean, () => true);
  if (headers.has("Set-Cookie") || !headers.has("Cache-Control") || personal) {
    headers.set("Cache-Control", CACHE_POLICY.private);
  }
  if (!headers.has("Vary")) headers.set("Vary", "Cookie");
}

export async function handleDataRequest(
  response: Response,
  { context }: { request: Request; context: AppLoadContext },
) {
  await privatizeIfPersonal(response.headers, context);
  return response;
}

/**
 * Every page is rendered whole before it is sent. No loader defers anything, so waiting for all
 * of it costs nothing, and a public page is then the same bytes for every anonymous listener: its
 * inline scripts are allowed by their hashes instead of a nonce, and it carries an ETag, so
 * nginx, a CDN and the browser may keep it and ask again with If-None-Match.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  await privatizeIfPersonal(responseHeaders, loadContext);
  const shared = /\bpublic\b/.test(responseHeaders.get("Cache-Control") ?? "");
  const nonce = shared ? undefined : loadContext.cspNonce;
  const html = await renderWhole(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} abortDelay={ABORT_DELAY_MS} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  loadContext.allowScripts(nonce ? [`'nonce-${nonce}'`] : inlineScriptHashes(html));
  if (shared) {
    const etag = etagOf(html);
    responseHeaders.set("ETag", etag);
    if (responseStatusCode === 200 && isFresh(request, { etag }))
      return new Response(null, { status: 304, headers: responseHeaders });
  }
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/** React's stream of the page, once everything in it (single fetch's data handoff too) is there. */
function renderWhole(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    const { pipe, abort } = renderToPipeableStream(element, {
      onAllReady: () => pipe(sink),
      onShellError: reject,
      onError(error) {
        // Shown by the error boundary; logged by handleError when a loader threw it.
        if (!(error instanceof Response)) log.error({ err: error }, "[render] failed");
      },
    });
    setTimeout(abort, ABORT_DELAY_MS + 1_000).unref();
  });
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const NOT_RUN = /\bsrc=|\btype="application\/(?:ld\+)?json"/i;

/** CSP sources that allow exactly the page's own inline scripts ('sha256-…'). */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(INLINE_SCRIPT)) {
    if (NOT_RUN.test(attributes!) || !content) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(content).digest("base64")}'`);
  }
  return [...hashes];
}
