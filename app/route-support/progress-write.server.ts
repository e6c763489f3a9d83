import type { AppLoadContext } from "@remix-run/node";
import { CACHE_POLICY } from "~/route-support/cache-policy";
import { LIBRARY_UNAVAILABLE } from "~/rules/auth";
import { PROGRESS_BODY_MAX_BYTES } from "~/rules/library";
import { fieldsOf, positionOf, progressSchema } from "~/services/library-input.server";
import { log, messageOf } from "~/services/log.server";
import { metrics } from "~/services/metrics.server";

/** An answer to a progress write, as plain data: the route wraps it in a Response, the server writes it out. */
export interface ProgressAnswer {
  status: number;
  headers: Record<string, string>;
  body: { ok: true; result: "written" | "stale" } | { ok: false; error: string };
}

/** When a client may send a position again after a failed write (as serviceUnavailableJson). */
const RETRY_AFTER_S = "60";
const answer = (status: number, body: ProgressAnswer["body"]): ProgressAnswer => {
  metrics.progressWrites.inc({ status: String(status) });
  return {
    status,
    headers: {
      "Cache-Control": CACHE_POLICY.private,
      ...(status === 503 ? { "Retry-After": RETRY_AFTER_S } : {}),
    },
    body,
  };
};

/**
 * docs/product.md §4 "Progress sync": the position of a signed-in listener goes to ActiveAudioSync,
 * and to the episode's own position in the same request, with what the page heard of it
 * (rules/listening.ts).
 * Takes a form, a JSON body (the player's queue of unsent writes) or text/plain (a beacon). Live
 * streams are never written; an older write never overwrites a newer one. The uid is the
 * session's, never the body's. A session store or library out of reach is a 503: the player
 * keeps the position and retries (never a 401). The caller has checked the origin; `bytes` is
 * null when the body was over PROGRESS_BODY_MAX_BYTES.
 */
export async function writeProgress(
  context: Pick<AppLoadContext, "user" | "services">,
  contentType: string,
  bytes: Uint8Array | null,
): Promise<ProgressAnswer> {
  let user: Awaited<ReturnType<typeof context.user>>;
  try {
    user = await context.user();
  } catch (error) {
    if (error instanceof Response) return answer(503, { ok: false, error: LIBRARY_UNAVAILABLE });
    throw error;
  }
  if (!user) return answer(401, { ok: false, error: "Not signed in." });
  if (!bytes || bytes.byteLength > PROGRESS_BODY_MAX_BYTES) return answer(413, { ok: false, error: "Too large." });
  let body: Record<string, unknown>;
  try {
    body =
      contentType.includes("application/json") || contentType.includes("text/plain")
        ? fieldsOf(JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>)
        : fieldsOf(await new Response(Uint8Array.from(bytes), { headers: { "Content-Type": contentType } }).formData());
  } catch {
    return answer(400, { ok: false, error: "Unreadable body." });
  }
  const parsed = progressSchema.safeParse(body);
  if (!parsed.success) return answer(400, { ok: false, error: "Invalid progress." });
  const { at, listenId, listened, era, ...sync } = parsed.data;
  if (sync.AudioSrc === context.services.publicConfig.liveStreamUrl)
    return answer(422, { ok: false, error: "Live streams are not saved." });
  try {
    // A client clock ahead of ours must not make its write outrank every later one.
    const when = Math.min(at, Date.now());
    const [result] = await Promise.all([
      context.services.library.writeProgress(user.uid, sync, when),
      context.services.positions.write(user.uid, positionOf(sync), when),
      listenId && listened
        ? context.services.listening.tally(user.uid, { id: listenId, era: era ?? null, seconds: listened }, when)
        : null,
    ]);
    return answer(200, { ok: true, result });
  } catch (error) {
    log.error(`[progress] not saved: ${messageOf(error)}`);
    return answer(503, { ok: false, error: LIBRARY_UNAVAILABLE });
  }
}
