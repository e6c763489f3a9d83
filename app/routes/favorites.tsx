import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/react";
import { cacheHeaders } from "~/route-support/cache-policy";
import { assertSameOrigin, readForm } from "~/route-support/guards.server";
import { serviceUnavailable, serviceUnavailableJson } from "~/route-support/responses.server";
import { FAVORITE_REFUSED_LOG, LIBRARY_UNAVAILABLE, safeRedirect } from "~/rules/auth";
import { FAVORITE_NOT_IN_CATALOG, FAVORITES_FULL_NOTICE, favoritesFull } from "~/rules/library";
import { catalogEpisode } from "~/route-support/favorites.server";
import { favoriteFormSchema, fieldsOf } from "~/services/library-input.server";

export async function loader() {
  return redirect("/user");
}

/**
 * docs/product.md §4 Favorites: the heart adds or removes. A plain form POST (no JS) redirects back; the
 * fetcher (JS) gets JSON. Adding needs a signed-in user, a source and a title (docs/product.md §5) naming an
 * episode of the catalog, and room in the account (FAVORITES_MAX).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const viaFetcher = form.get("js") === "1";
  const back = safeRedirect(form.get("redirectTo"), "/user");
  // Not stored now, but the page keeps the change and sends it again: `favorite` is the state asked for.
  const later = { ok: false, error: LIBRARY_UNAVAILABLE, retry: true };
  let user: Awaited<ReturnType<typeof context.user>>;
  try {
    user = await context.user();
  } catch (error) {
    // The session store is out of reach: a 503 to retry, never "sign in".
    if (viaFetcher && error instanceof Response)
      return serviceUnavailableJson({ ...later, favorite: form.get("intent") === "add" });
    throw error;
  }
  const parsed = favoriteFormSchema.safeParse(fieldsOf(form));
  if (!user || !parsed.success) {
    console.warn(FAVORITE_REFUSED_LOG);
    if (!user) {
      return viaFetcher
        ? json({ ok: false, error: "Sign in to keep favorites." }, { status: 401, headers: cacheHeaders("private") })
        : redirect(`/signin?redirectTo=${encodeURIComponent(back)}`, { headers: cacheHeaders("private") });
    }
    return json(
      { ok: false, error: "That favorite is missing its audio or title." },
      { status: 400, headers: cacheHeaders("private") },
    );
  }
  const { library } = context.services;
  const data = parsed.data;
  try {
    if (data.intent === "add") {
      // What is kept is the catalog's episode, never the form's words.
      const episode = await catalogEpisode(context.services, data.title, data.audioSrc);
      if (!episode)
        return json({ ok: false, error: FAVORITE_NOT_IN_CATALOG }, { status: 400, headers: cacheHeaders("private") });
      const added = await library.addFavorite(user.uid, {
        audioSrc: episode.audioUrl,
        audioTitle: episode.title,
        duration: episode.duration,
      });
      if (!added)
        return viaFetcher
          ? json(
              { ok: false, error: favoritesFull(context.services.favorites.max) },
              { status: 409, headers: cacheHeaders("private") },
            )
          : redirect(`/user?error=${FAVORITES_FULL_NOTICE}`, { headers: cacheHeaders("private") });
    } else await library.removeFavoriteBySrc(user.uid, data.audioSrc);
  } catch (error) {
    // The library service failed: a clear 503 (the page keeps the change; a form shows the message).
    console.error("[favorites] not saved:", error instanceof Error ? error.message : error);
    if (viaFetcher) return serviceUnavailableJson({ ...later, favorite: data.intent === "add" });
    throw serviceUnavailable(LIBRARY_UNAVAILABLE);
  }
  return viaFetcher
    ? json({ ok: true, favorite: data.intent === "add" }, { headers: cacheHeaders("private") })
    : redirect(back, { headers: cacheHeaders("private") });
}
