import sanitizeHtml from "sanitize-html";
import { z } from "zod";
import { decodeEntities, stripTags } from "~/adapters/shapes/html-text.server";
import { newsTypeOf } from "~/rules/news";
import { safeUrl } from "~/rules/urls";
import type { GalleryMedia, GalleryPost, NewsPost, SliderItem } from "~/services/types";

/**
 * WordPress REST post shape (docs/product.md §3 "News post", "Gallery post"), shared by the bundled
 * sample content and the remote WordPress adapters. Post HTML is sanitized here, on the
 * server, with an allow-list before anything renders it.
 */
const rendered = z.object({ rendered: z.string() });

export const wpPostSchema = z.object({
  id: z.number().int(),
  slug: z.string().min(1).max(300),
  date: z.string(),
  categories: z.array(z.number().int()).default([]),
  title: rendered,
  /** `protected`: a password-protected post, whose content WordPress withholds. */
  content: rendered.extend({ protected: z.boolean().optional() }),
  excerpt: rendered.optional(),
  featured_media_src_url: z.string().nullish(),
  acf: z.object({ sliderurl: z.string().nullish() }).partial().passthrough().nullish().or(z.array(z.unknown())),
  better_featured_image: z
    .object({
      source_url: z.string().nullish(),
      media_details: z
        .object({ sizes: z.record(z.string(), z.object({ source_url: z.string() }).passthrough()).nullish() })
        .passthrough()
        .nullish(),
    })
    .passthrough()
    .nullish(),
  _embedded: z
    .object({
      "wp:featuredmedia": z
        .array(
          z
            .object({
              source_url: z.string().nullish(),
              media_details: z
                .object({ sizes: z.record(z.string(), z.object({ source_url: z.string() }).passthrough()).nullish() })
                .passthrough()
                .nullish(),
            })
            .passthrough(),
        )
        .nullish(),
    })
    .passthrough()
    .nullish(),
});
export type WpPost = z.infer<typeof wpPostSchema>;

/** Hosts whose players may be embedded in post content. */
export const EMBED_HOSTS = ["www.youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== "iframe"),
    "img",
    "figure",
    "figcaption",
    "video",
    "source",
    "iframe",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height", "title"],
    video: ["src", "controls", "poster", "width", "height", "preload"],
    source: ["src", "type"],
    iframe: ["src", "width", "height", "title", "allowfullscreen"],
    "*": [],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"], video: ["http", "https"], source: ["http", "https"] },
  allowProtocolRelative: false,
  allowedIframeHostnames: EMBED_HOSTS,
  disallowedTagsMode: "discard",
  // An iframe whose src was not allowed (another host, javascript:, data:, srcdoc only) goes
  // entirely, rather than staying as an empty same-origin frame.
  exclusiveFilter: (frame) => frame.tag === "iframe" && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, target: "_blank", rel: "noopener noreferrer" } : attribs,
      };
    },
  },
};
SANITIZE.allowedAttributes = {
  ...(SANITIZE.allowedAttributes as Record<string, string[]>),
  img: ["src", "alt", "width", "height", "title", "loading", "decoding"],
};

/**
 * Media over plain http would be blocked by the page's Content-Security-Policy (which allows the
 * CMS's own origin and https), so an http:// address on another host is asked for over https.
 */
function upgraded(url: string | undefined, ownOrigin: string | undefined): string | undefined {
  if (!url || !/^http:/i.test(url)) return url;
  try {
    const parsed = new URL(url);
    if (parsed.origin === ownOrigin) return url;
    parsed.protocol = "https:";
    return parsed.href;
  } catch {
    return url;
  }
}

/** `ownOrigin`: the WordPress site the HTML came from, whose media the CSP allows whatever its scheme. */
export function sanitizePostHtml(html: string, ownOrigin?: string): string {
  const media =
    (extra: Record<string, string>) =>
    (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => {
      const out = { ...attribs, ...extra };
      for (const name of ["src", "poster"]) if (out[name]) out[name] = upgraded(out[name], ownOrigin)!;
      return { tagName, attribs: out };
    };
  return sanitizeHtml(html, {
    ...SANITIZE,
    transformTags: {
      ...SANITIZE.transformTags,
      img: media({ loading: "lazy", decoding: "async" }),
      video: media({ controls: "", preload: "metadata" }),
      source: media({}),
    },
  });
}

function sizedImage(
  media:
    | { source_url?: string | null; media_details?: { sizes?: Record<string, { source_url: string }> | null } | null }
    | null
    | undefined,
  size: string,
): string | null {
  if (!media) return null;
  return media.media_details?.sizes?.[size]?.source_url ?? media.source_url ?? null;
}

/** docs/product.md §3: featured_media_src_url, better_featured_image (medium) or _embedded wp:featuredmedia; web URLs only. */
export function featuredImage(post: WpPost, size = "medium"): string | null {
  return (
    safeUrl(post.featured_media_src_url) ??
    safeUrl(sizedImage(post.better_featured_image, size)) ??
    safeUrl(sizedImage(post._embedded?.["wp:featuredmedia"]?.[0], size)) ??
    null
  );
}

export function mapNewsPost(post: WpPost, ownOrigin?: string): NewsPost {
  return {
    id: String(post.id),
    slug: post.slug,
    type: newsTypeOf(post.categories),
    title: stripTags(post.title.rendered),
    contentHtml: sanitizePostHtml(post.content.rendered, ownOrigin),
    excerpt: stripTags(post.excerpt?.rendered ?? ""),
    date: post.date,
    image: featuredImage(post, "large"),
  };
}

export function mapSliderItem(post: WpPost): SliderItem {
  const acf = Array.isArray(post.acf) ? null : post.acf;
  const url = acf?.sliderurl?.trim();
  return {
    id: String(post.id),
    image: featuredImage(post, "full") ?? "",
    caption: stripTags(post.title.rendered),
    url: url ? url : null,
  };
}

const ATTR = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, "i").exec(tag);
  return m ? decodeEntities(m[2] ?? m[3] ?? "") : null;
};

/**
 * A WordPress upload's original from one of its sizes: WordPress names each size
 * `<name>-<width>x<height>.<ext>` beside the original (a `[gallery]` shows 150x150 thumbnails).
 */
const UPLOAD_SIZE = /(\/wp-content\/uploads\/[^?#]+)-\d+x\d+(\.(?:jpe?g|png|gif|webp))(?=$|[?#])/i;
export function originalUpload(src: string): string {
  return src.replace(UPLOAD_SIZE, "$1$2");
}

/** Images (the original of a WordPress size) and videos of a (sanitized) gallery post, in document order. */
export function extractMedia(safeHtml: string): GalleryMedia[] {
  const media: GalleryMedia[] = [];
  for (const m of safeHtml.matchAll(/<(img|video)\b[^>]*>/gi)) {
    const tag = m[0];
    const src = ATTR(tag, "src");
    if (!src) continue;
    if (m[1]!.toLowerCase() === "img") {
      const original = originalUpload(src);
      // A size's width and height are not the original's.
      const w = original === src ? Number(ATTR(tag, "width")) : NaN;
      const h = original === src ? Number(ATTR(tag, "height")) : NaN;
      media.push({
        kind: "image",
        src: original,
        alt: ATTR(tag, "alt") ?? "",
        width: Number.isFinite(w) && w > 0 ? w : null,
        height: Number.isFinite(h) && h > 0 ? h : null,
      });
    } else {
      media.push({ kind: "video", src, poster: ATTR(tag, "poster") });
    }
  }
  return media;
}

export function mapGalleryPost(post: WpPost, ownOrigin?: string): GalleryPost {
  const contentHtml = sanitizePostHtml(post.content.rendered, ownOrigin);
  return {
    id: String(post.id),
    slug: post.slug,
    title: stripTags(post.title.rendered),
    date: post.date,
    image: featuredImage(post, "medium"),
    contentHtml,
    media: extractMedia(contentHtml),
  };
}
