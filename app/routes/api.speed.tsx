import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/react";
import { cacheHeaders } from "~/route-support/cache-policy";
import { assertSameOrigin, readBody } from "~/route-support/guards.server";
import { serviceUnavailableJson } from "~/route-support/responses.server";
import { LIBRARY_UNAVAILABLE } from "~/rules/auth";
import { SPEED_BODY_MAX_BYTES } from "~/rules/listening";
import { speedSchema } from "~/services/library-input.server";

export async function loader() {
  return json({ error: "POST a speed here." }, { status: 405, headers: { Allow: "POST", ...cacheHeaders("private") } });
}

const answer = (status: number, body: { ok: true; result: "written" | "stale" } | { ok: false; error: string }) =>
  json(body, { status, headers: cacheHeaders("private") });

/**
 * The speed a signed-in listener chose in an era, as JSON `{ era, speed, at }` from the player
 * (rules/listening.ts): kept in their account, so their other devices start that era's episodes at
 * it. An older write never overwrites a newer one. The uid is the session's.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await context.user();
  if (!user) return answer(401, { ok: false, error: "Not signed in." });
  const bytes = await readBody(request, SPEED_BODY_MAX_BYTES);
  if (!bytes) return answer(413, { ok: false, error: "Too large." });
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return answer(400, { ok: false, error: "Send JSON: { era, speed, at }." });
  }
  const parsed = speedSchema.safeParse(body);
  if (!parsed.success)
    return answer(400, {
      ok: false,
      error: `Invalid speed: ${parsed.error.issues.map((i) => i.path.join(".") || i.message).join(", ")}.`,
    });
  const { era, speed, at } = parsed.data;
  try {
    // A client clock ahead of ours must not make its write outrank every later one.
    const result = await context.services.listening.setSpeed(user.uid, era, speed, Math.min(at, Date.now()));
    return answer(200, { ok: true, result });
  } catch (error) {
    console.error("[speed] not saved:", error instanceof Error ? error.message : error);
    return serviceUnavailableJson({ ok: false, error: LIBRARY_UNAVAILABLE });
  }
}
