import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/utils/nonce";
import { CACHE_POLICY } from "~/http/cache-policy";

/**
 * Personalised responses are never shared caches' business: whatever a route's policy, a
 * response for a signed-in listener (or one that sets a cookie) is private, no-store. A page
 * without a named policy is private too (only routes that say so are public).
 */
async function privatizeIfPersonal(headers: Headers, loadContext: AppLoadContext) {
  if (headers.has("Set-Cookie") || !headers.has("Cache-Control") || (await loadContext.user())) {
    headers.set("Cache-Control", CACHE_POLICY.private);
  }
  if (!headers.has("Vary")) headers.set("Vary", "Cookie");
}

export async function handleDataRequest(response: Response, { context }: { request: Request; context: AppLoadContext }) {
  await privatizeIfPersonal(response.headers, context);
  return response;
}

const ABORT_DELAY = 5_000;

/**
 * The document is rendered whole, then sent in one piece (with a Content-Length): no route
 * streams deferred data, so streaming only cut the page into hundreds of small writes through
 * a web stream — measurable CPU on the render-cache miss path (ADR 007).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  await privatizeIfPersonal(responseHeaders, loadContext);
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY).unref();
  });
}
