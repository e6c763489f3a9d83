import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import sanitizeHtml from "sanitize-html";
import { extractMedia } from "~/adapters/shapes/wordpress.server";
import type { GalleryImage, GalleryPostView, GalleryVideo } from "~/components/GalleryPostPage";
import { CACHE_POLICY, cacheHeaders } from "~/route-support/cache-policy";
import { assertSameOrigin, formText, orSignedOut, readForm, requireUser } from "~/route-support/guards.server";
import { serviceUnavailable } from "~/route-support/responses.server";
import { safeRedirect } from "~/rules/auth";
import type { Content, Gallery } from "~/services/content.server";
import type { GalleryMedia, GalleryPost, NewsPost } from "~/services/types";
import { orElse } from "~/route-support/or-else";

// The SpankBank pages: signed-in only, behind a one-time "18 or older" confirmation remembered
// per account, never cached (docs/decisions/004-gallery-lightbox.md).

export const GALLERY_HOME = "/SpankBank";
export const CONFIRM_ADULT_INTENT = "confirm-adult";

/** The gate: where the listener asked to go (a safe in-site path), or null once confirmed. */
export type Gate = { redirectTo: string } | null;

export const privateHeaders = () => cacheHeaders("private");

export function errorResponse(status: 400 | 404, message: string): Response {
  return new Response(message, {
    status,
    statusText: status === 400 ? "Bad Request" : "Not Found",
    headers: { "Cache-Control": CACHE_POLICY.private },
  });
}

/** True for /SpankBank and anything under it (the only places the confirmation returns to). */
export function isGalleryPath(path: string): boolean {
  return /^\/spankbank(?:[/?#]|$)/i.test(path);
}

/** Signed in (else → /signin?redirectTo=…), and whether the 18+ gate still has to be shown. */
export async function galleryAccess(request: Request, context: AppLoadContext): Promise<{ uid: string; gate: Gate }> {
  const user = await requireUser(request, context);
  if (await orSignedOut(request, context.services.library.isAdultConfirmed(user.uid)))
    return { uid: user.uid, gate: null };
  const url = new URL(request.url);
  return { uid: user.uid, gate: { redirectTo: safeRedirect(`${url.pathname}${url.search}`, GALLERY_HOME) } };
}

/**
 * The media route's gate: the same access as the pages, but refused with a plain status an
 * <img> or <video> can take instead of a redirect to an HTML page: 401 signed out, 403 not
 * confirmed, 503 when the account cannot be read (the pages treat that as signed out).
 */
export async function requireGalleryViewer(context: AppLoadContext): Promise<void> {
  const refuse = (status: 401 | 403, statusText: string, message: string) =>
    new Response(message, { status, statusText, headers: { "Cache-Control": CACHE_POLICY.private } });
  const user = await context.user();
  if (!user) throw refuse(401, "Unauthorized", "Sign in to see the SpankBank.");
  const confirmed = await orElse("account", context.services.library.isAdultConfirmed(user.uid), () => {
    throw serviceUnavailable("Your account can't be read right now. Please try again.");
  });
  if (!confirmed) throw refuse(403, "Forbidden", `Confirm that you are 18 or older at ${GALLERY_HOME} first.`);
}

/** The `id` of /SpankBank/Post?id=<id>: null when absent; a 400 unless a whole number from 1. */
export function parseGalleryId(url: URL): number | null {
  const raw = url.searchParams.get("id");
  if (raw === null) return null;
  const value = raw.trim();
  if (!/^[0-9]{1,15}$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw errorResponse(
      400,
      "The gallery post id must be a whole number from 1 up (for example /SpankBank/Post?id=501).",
    );
  }
  return Number(value);
}

const TEXT_TAGS = sanitizeHtml.defaults.allowedTags.filter((t) => t !== "figure");

/** The post text without its media (already sanitized; this only takes images/videos/figures out). */
export function textWithoutMedia(safeHtml: string): string {
  return sanitizeHtml(safeHtml, {
    allowedTags: TEXT_TAGS,
    allowedAttributes: { a: ["href", "title", "rel", "target"], time: ["datetime"] },
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "video", "audio", "picture", "figure"],
    exclusiveFilter: (frame) =>
      ["p", "div", "span"].includes(frame.tag) && !frame.text.trim() && !frame.mediaChildren.length,
  }).trim();
}

function splitMedia(media: GalleryMedia[]): { images: GalleryImage[]; videos: GalleryVideo[] } {
  const images: GalleryImage[] = [];
  const videos: GalleryVideo[] = [];
  for (const m of media) {
    if (m.kind === "image") images.push({ src: m.src, alt: m.alt, width: m.width, height: m.height });
    else videos.push({ src: m.src, poster: m.poster });
  }
  return { images, videos };
}

export function viewOfGalleryPost(post: GalleryPost): GalleryPostView {
  return {
    source: "gallery",
    id: post.id,
    slug: post.slug,
    title: post.title,
    date: post.date,
    ...splitMedia(post.media),
    textHtml: textWithoutMedia(post.contentHtml),
  };
}

/** A spnkbnk news post as a gallery post: the media of its HTML, led by its featured image. */
export function viewOfNewsPost(post: NewsPost): GalleryPostView {
  const { images, videos } = splitMedia(extractMedia(post.contentHtml));
  if (post.image && !images.some((i) => i.src === post.image)) {
    images.unshift({ src: post.image, alt: post.title, width: null, height: null });
  }
  return {
    source: "news",
    id: post.id,
    slug: post.slug,
    title: post.title,
    date: post.date,
    images,
    videos,
    textHtml: textWithoutMedia(post.contentHtml),
  };
}

/** By id when given; else by slug, in the gallery source first, then a spnkbnk content post. */
export async function resolveGalleryPost(
  services: { gallery: Gallery; content: Content },
  by: { id: number | null; slug: string | null },
): Promise<GalleryPostView | null> {
  if (by.id !== null) {
    const post = await services.gallery.postById(by.id);
    return post ? viewOfGalleryPost(post) : null;
  }
  if (!by.slug) return null;
  const fromGallery = await services.gallery.postBySlug(by.slug);
  if (fromGallery) return viewOfGalleryPost(fromGallery);
  const news = await services.content.postBySlug(by.slug);
  if (news && news.type === "spnkbnk" && news.title) return viewOfNewsPost(news);
  return null;
}

/** The gate's form: same-origin, signed in; remembered per account, then back where the listener was going. */
export async function galleryGateAction({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request, context);
  const form = await readForm(request);
  if (formText(form, "intent") !== CONFIRM_ADULT_INTENT) throw errorResponse(400, "This form can't be handled here.");
  await orSignedOut(request, context.services.library.confirmAdult(user.uid));
  const to = safeRedirect(form.get("redirectTo"), GALLERY_HOME);
  return redirect(isGalleryPath(to) ? to : GALLERY_HOME, { headers: privateHeaders() });
}

/** Every SpankBank response is private and never stored (also the 400/404 pages). */
export function galleryHeaders({ errorHeaders }: { errorHeaders?: Headers }): Headers {
  const headers = new Headers(errorHeaders);
  headers.set("Cache-Control", CACHE_POLICY.private);
  return headers;
}
