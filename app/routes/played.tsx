import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/react";
import { cacheHeaders } from "~/route-support/cache-policy";
import { assertSameOrigin, readForm } from "~/route-support/guards.server";
import { serviceUnavailable, serviceUnavailableJson } from "~/route-support/responses.server";
import { LIBRARY_UNAVAILABLE, safeRedirect } from "~/rules/auth";
import { EPISODE_NOT_IN_CATALOG } from "~/rules/library";
import { catalogEpisode } from "~/route-support/favorites.server";
import { fieldsOf, playedFormSchema } from "~/services/library-input.server";

export async function loader() {
  return redirect("/user");
}

/**
 * Marks an episode of the catalog played (its position at its end) or unplayed (back
 * to the start). A plain form POST (no JS) redirects back; the page's fetcher (JS) gets JSON. The
 * mark is a write at the server's time, so it outranks every position captured before it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const viaFetcher = form.get("js") === "1";
  const back = safeRedirect(form.get("redirectTo"), "/user");
  const user = await context.user();
  if (!user)
    return viaFetcher
      ? json({ ok: false, error: "Sign in to mark episodes." }, { status: 401, headers: cacheHeaders("private") })
      : redirect(`/signin?redirectTo=${encodeURIComponent(back)}`, { headers: cacheHeaders("private") });
  const parsed = playedFormSchema.safeParse(fieldsOf(form));
  const bad = (error: string) => json({ ok: false, error }, { status: 400, headers: cacheHeaders("private") });
  if (!parsed.success) return bad("That mark is missing its episode or says neither played nor unplayed.");
  const { intent, audioSrc, title } = parsed.data;
  const episode = await catalogEpisode(context.services, title, audioSrc);
  if (!episode) return bad(EPISODE_NOT_IN_CATALOG);
  const played = intent === "played";
  try {
    await context.services.positions.write(
      user.uid,
      {
        audioSrc: episode.audioUrl,
        audioTitle: episode.title,
        position: played ? episode.duration : 0,
        duration: episode.duration,
        played,
      },
      Date.now(),
    );
  } catch (error) {
    console.error("[played] not saved:", error instanceof Error ? error.message : error);
    if (viaFetcher) return serviceUnavailableJson({ ok: false, error: LIBRARY_UNAVAILABLE });
    throw serviceUnavailable(LIBRARY_UNAVAILABLE);
  }
  return viaFetcher
    ? json({ ok: true, played }, { headers: cacheHeaders("private") })
    : redirect(back, { headers: cacheHeaders("private") });
}
