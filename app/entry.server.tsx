import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "~/render/nonce";
import { ListenerTemplateProvider } from "~/render/listener-template";
import { MarksModule } from "~/render/marks-context";
import * as positionMarks from "~/render/position-marks";
import { CACHE_POLICY } from "~/route-support/cache-policy";

/** The server (server.ts) takes the env, services and load context from here, via the build. */
export { createAppServer } from "./composition.server";

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
    console.warn(`[remix] ${what}: ${error.status} (${reason.slice(0, 300)})`);
    return;
  }
  console.error(`[remix] ${what}: failed`, error);
}

/**
 * Personalised responses are never shared caches' business: whatever a route's policy, a
 * response for a signed-in listener (or one that sets a cookie) is private, no-store. A page
 * without a named policy is private too (only routes that say so are public). A listener
 * template is nobody's: it is private only when a loader asked for the session (its page then
 * depends on who asks, and the render cache never shares it).
 */
async function privatizeIfPersonal(headers: Headers, loadContext: AppLoadContext) {
  // A session that could not be read is somebody's: private too.
  const personal = loadContext.template ? loadContext.readSession : await loadContext.user().then(Boolean, () => true);
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
 * The document is rendered whole with `renderToString`, then sent in one piece (with a
 * Content-Length). No route streams deferred data and every lazy part of the UI mounts only
 * after hydration, so nothing suspends on the server; the streaming renderer only added work
 * (hundreds of small chunks, each encoded to bytes) on the render-cache miss path (ADR 010).
 * The body is handed over as bytes, not a string the Response would re-scan.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  await handOffWhole(remixContext);
  await privatizeIfPersonal(responseHeaders, loadContext);
  const html = renderToString(
    <NonceProvider value={nonce}>
      <MarksModule.Provider value={positionMarks}>
        <ListenerTemplateProvider value={loadContext.template}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </ListenerTemplateProvider>
      </MarksModule.Provider>
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(Buffer.from(`<!DOCTYPE html>${html}`, "utf8"), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

/**
 * Single fetch hands the page's data to the browser as a turbo-stream, which Remix's
 * `<StreamTransfer>` writes as it reads, suspending between chunks: a `renderToString` would drop
 * it. No loader defers anything, so the stream is read whole first and given to it as one
 * finished chunk: one script, nothing suspends, the same bytes every render (ADR 037).
 */
async function handOffWhole(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const value = await new Response(stream).text();
  context.renderMeta = { streamCache: { 0: Object.assign(Promise.resolve(), { result: { done: true, value } }) } };
  context.serverHandoffStream = new ReadableStream({ start: (c) => c.close() });
}
