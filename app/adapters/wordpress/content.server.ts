import { z } from "zod";
import type { Content, Gallery } from "~/services/content.server";
import { CATEGORY, HOME_NEWS_CATEGORIES, SLIDER_CATEGORIES } from "~/rules/news";
import { getJson, RemoteError, type FetchLike } from "../http/remote-json.server";
import { mapGalleryPost, mapNewsPost, mapSliderItem, wpPostSchema, type WpPost } from "../shapes/wordpress.server";
import { parseRows } from "../shapes/catalog-rows.server";

/**
 * WordPress REST (wp/v2) for the content site (news, slider) and the gallery source ("source A"),
 * docs/product.md §7 "Content sources". Post HTML is sanitized by the shared mapper before any page sees it.
 * A post by slug uses the standard `posts?slug=<slug>` query (stock WordPress has no
 * `posts/<slug>` route; see docs/decisions/013-remote-services.md).
 */
export interface WordPressConfig {
  /** The wp/v2 root, e.g. https://www.hamradioshow.net/wp-json/wp/v2 */
  apiUrl: string;
  timeoutMs?: number;
  fetch?: FetchLike;
}

const list = z.array(z.unknown());

function client(config: WordPressConfig) {
  const root = `${config.apiUrl.replace(/\/+$/, "")}/`;
  const opts = { fetch: config.fetch, timeoutMs: config.timeoutMs };
  return {
    async posts(query: string, what: string): Promise<WpPost[]> {
      const { data } = await getJson(`${root}posts?${query}`, list, opts);
      return parseRows(wpPostSchema, data, what);
    },
    async post(idOrQuery: string): Promise<WpPost | null> {
      try {
        const { data } = await getJson(`${root}posts/${idOrQuery}`, wpPostSchema, opts);
        return data;
      } catch (error) {
        if (error instanceof RemoteError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
  };
}

const byDateDesc = (a: WpPost, b: WpPost) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0);

export function createWordPressContent(config: WordPressConfig): Content {
  const wp = client(config);
  return {
    async slider() {
      return (await wp.posts(`categories=${SLIDER_CATEGORIES.join(",")}`, "slider"))
        .map(mapSliderItem)
        .filter((s) => s.image !== "");
    },
    async latestNews(limit) {
      // docs/product.md §7: "News sorted by date descending; the first 4 are used".
      const posts = await wp.posts(`categories=${HOME_NEWS_CATEGORIES.join(",")}`, "news");
      return posts.sort(byDateDesc).slice(0, limit).map(mapNewsPost);
    },
    async newsTab(tab) {
      return (await wp.posts(`categories=${CATEGORY[tab]}`, `news ${tab}`)).map(mapNewsPost);
    },
    async postBySlug(slug) {
      const [post] = await wp.posts(`slug=${encodeURIComponent(slug)}`, "post");
      return post ? mapNewsPost(post) : null;
    },
  };
}

export function createWordPressGallery(config: WordPressConfig): Gallery {
  const wp = client(config);
  return {
    async posts() {
      return (await wp.posts(`categories=${CATEGORY.gallery}`, "gallery")).map(mapGalleryPost);
    },
    async postById(id) {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const post = await wp.post(String(id));
      return post ? mapGalleryPost(post) : null;
    },
    async postBySlug(slug) {
      const [post] = await wp.posts(`slug=${encodeURIComponent(slug)}`, "gallery post");
      return post ? mapGalleryPost(post) : null;
    },
  };
}
