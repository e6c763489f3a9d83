import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/react";
import { cacheHeaders } from "~/http/cache-policy";
import { serviceUnavailableJson } from "~/http/responses.server";
import { LIBRARY_UNAVAILABLE } from "~/rules/auth";
import { assertSameOrigin, readBody } from "~/http/guards.server";
import { fieldsOf, positionOf, progressSchema } from "~/services/library-input.server";

export async function loader() {
  return json(
    { error: "POST progress here." },
    { status: 405, headers: { Allow: "POST", ...cacheHeaders("private") } },
  );
}

/**
 * docs/product.md §4 "Progress sync": the position of a signed-in listener goes to ActiveAudioSync,
 * and to the episode's own position (issue 35 §1).
 * Accepts a form, a JSON body (the player's queue of unsent writes) or text/plain (a beacon). Live streams are never
 * written; an older write never overwrites a newer one. The uid is the session's, never the body's.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  let user: Awaited<ReturnType<typeof context.user>>;
  try {
    user = await context.user();
  } catch (error) {
    // The session store is out of reach: the player keeps the position and retries (never a 401).
    if (error instanceof Response) return serviceUnavailableJson({ ok: false, error: LIBRARY_UNAVAILABLE });
    throw error;
  }
  if (!user) return json({ ok: false, error: "Not signed in." }, { status: 401, headers: cacheHeaders("private") });
  // Read at most 8 KB, also when no Content-Length is sent (a chunked body is never buffered whole).
  const bytes = await readBody(request, 8 * 1024);
  if (!bytes) return json({ ok: false, error: "Too large." }, { status: 413, headers: cacheHeaders("private") });
  let body: Record<string, unknown>;
  try {
    const type = request.headers.get("Content-Type") ?? "";
    body =
      type.includes("application/json") || type.includes("text/plain")
        ? fieldsOf(JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>)
        : fieldsOf(await new Response(bytes, { headers: { "Content-Type": type } }).formData());
  } catch {
    return json({ ok: false, error: "Unreadable body." }, { status: 400, headers: cacheHeaders("private") });
  }
  const parsed = progressSchema.safeParse(body);
  if (!parsed.success)
    return json({ ok: false, error: "Invalid progress." }, { status: 400, headers: cacheHeaders("private") });
  const { at, ...sync } = parsed.data;
  if (sync.AudioSrc === context.services.publicConfig.liveStreamUrl) {
    return json({ ok: false, error: "Live streams are not saved." }, { status: 422, headers: cacheHeaders("private") });
  }
  let result: Awaited<ReturnType<typeof context.services.library.writeProgress>>;
  try {
    // A client clock ahead of ours must not make its write outrank every later one.
    const when = Math.min(at, Date.now());
    // The same write keeps this episode's own position (issue 35 §1): no request of its own.
    [result] = await Promise.all([
      context.services.library.writeProgress(user.uid, sync, when),
      context.services.positions.write(user.uid, positionOf(sync), when),
    ]);
  } catch (error) {
    console.error("[progress] not saved:", error instanceof Error ? error.message : error);
    return serviceUnavailableJson({ ok: false, error: LIBRARY_UNAVAILABLE });
  }
  return json({ ok: true, result }, { headers: cacheHeaders("private") });
}
