import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
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

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  await privatizeIfPersonal(responseHeaders, loadContext);
  // Bots and no-JS clients get the whole document at once; browsers get a stream.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
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
    setTimeout(abort, ABORT_DELAY);
  });
}
