import { z } from "zod";
import type { Content, Gallery } from "~/services/content.server";
import { CATEGORY, HOME_NEWS_CATEGORIES, SLIDER_CATEGORIES } from "~/rules/news";
import { getJson, RemoteError, type FetchLike } from "../http/remote-json.server";
import { mapGalleryPost, mapNewsPost, mapSliderItem, wpPostSchema, type WpPost } from "../shapes/wordpress.server";
import { parseRows } from "../shapes/catalog-rows.server";

/**
 * WordPress REST (wp/v2) for the content site (news, slider) and the gallery source ("source A"),
 * docs/product.md §7 "Content sources"; see docs/decisions/013-remote-services.md and
 * 021-real-services-contract.md. Every call embeds the featured image (stock WordPress gives only
 * its id), every list reads all of WordPress's pages up to WP_MAX_PAGES, and a post WordPress keeps
 * from the public (password-protected, draft, private: 401/403) is absent, never a card leading to
 * a 404. A post by slug uses the standard `posts?slug=<slug>` query (stock WordPress has no
 * `posts/<slug>` route). Post HTML is sanitized by the shared mapper before any page sees it.
 */
export interface WordPressConfig {
  /** The wp/v2 root, e.g. https://www.hamradioshow.net/wp-json/wp/v2 */
  apiUrl: string;
  timeoutMs?: number;
  fetch?: FetchLike;
  /** Posts per call; WordPress allows 100 at most. */
  perPage?: number;
}

/** WordPress's largest page. */
export const WP_PER_PAGE = 100;
/** Pages one list reads at most (1,000 posts at 100 a page); older posts are left out. */
export const WP_MAX_PAGES = 10;
/** Only the featured image is embedded, not authors or terms. */
const EMBED = "_embed=wp%3Afeaturedmedia";
/** What WordPress answers for an id it does not show the public: bad id, not found, refused, gone. */
const NOT_PUBLIC = new Set([400, 401, 403, 404, 410]);

const list = z.array(z.unknown());

function client(config: WordPressConfig) {
  const root = `${config.apiUrl.replace(/\/+$/, "")}/`;
  const opts = { fetch: config.fetch, timeoutMs: config.timeoutMs };
  const perPage = config.perPage ?? WP_PER_PAGE;
  const ownOrigin = new URL(root).origin;
  const page = async (query: string, n: number) => {
    const { data, headers } = await getJson(`${root}posts?${query}&${EMBED}&per_page=${perPage}&page=${n}`, list, opts);
    return { data, pages: Number(headers.get("X-WP-TotalPages")) || 1 };
  };
  const visible = (post: WpPost) => !post.content.protected;
  return {
    ownOrigin,
    /** Newest first (WordPress's default order); `pages: 1` reads the first page only. */
    async posts(query: string, what: string, { pages = WP_MAX_PAGES } = {}): Promise<WpPost[]> {
      const first = await page(query, 1);
      const more = Array.from({ length: Math.min(first.pages, pages) - 1 }, (_, i) => page(query, i + 2));
      const rows = [first.data, ...(await Promise.all(more)).map((p) => p.data)].flat();
      return parseRows(wpPostSchema, rows, what).filter(visible);
    },
    async post(id: number): Promise<WpPost | null> {
      try {
        const { data } = await getJson(`${root}posts/${id}?${EMBED}`, wpPostSchema, opts);
        return visible(data) ? data : null;
      } catch (error) {
        if (error instanceof RemoteError && error.status !== null && NOT_PUBLIC.has(error.status)) return null;
        throw error;
      }
    },
  };
}

const byDateDesc = (a: WpPost, b: WpPost) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0);

export function createWordPressContent(config: WordPressConfig): Content {
  const wp = client(config);
  const news = (post: WpPost) => mapNewsPost(post, wp.ownOrigin);
  return {
    async slider() {
      return (await wp.posts(`categories=${SLIDER_CATEGORIES.join(",")}`, "slider"))
        .map(mapSliderItem)
        .filter((s) => s.image !== "");
    },
    async latestNews(limit) {
      // docs/product.md §7: "News sorted by date descending; the first 4 are used".
      const posts = await wp.posts(`categories=${HOME_NEWS_CATEGORIES.join(",")}`, "news", { pages: 1 });
      return posts.sort(byDateDesc).slice(0, limit).map(news);
    },
    async newsTab(tab) {
      return (await wp.posts(`categories=${CATEGORY[tab]}`, `news ${tab}`)).map(news);
    },
    async postBySlug(slug) {
      const [post] = await wp.posts(`slug=${encodeURIComponent(slug)}`, "post", { pages: 1 });
      return post ? news(post) : null;
    },
  };
}

export function createWordPressGallery(config: WordPressConfig): Gallery {
  const wp = client(config);
  const gallery = (post: WpPost) => mapGalleryPost(post, wp.ownOrigin);
  return {
    async posts() {
      return (await wp.posts(`categories=${CATEGORY.gallery}`, "gallery")).map(gallery);
    },
    async postById(id) {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const post = await wp.post(id);
      return post ? gallery(post) : null;
    },
    async postBySlug(slug) {
      const [post] = await wp.posts(`slug=${encodeURIComponent(slug)}`, "gallery post", { pages: 1 });
      return post ? gallery(post) : null;
    },
  };
}
