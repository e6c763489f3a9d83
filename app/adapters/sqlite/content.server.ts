import type { Content, Gallery } from "~/services/content.server";
import { CATEGORY, HOME_NEWS_CATEGORIES, SLIDER_CATEGORIES } from "~/rules/news";
import type { Db } from "./db.server";
import { mapGalleryPost, mapNewsPost, mapSliderItem, wpPostSchema, type WpPost } from "../shapes/wordpress.server";

/** The content site and gallery source, answered from WordPress-shaped posts in the embedded DB. */
function postsQueries(db: Db, source: "content" | "gallery") {
  const inCategories = (n: number) =>
    db.prepare(`SELECT p.data FROM posts p WHERE p.source = '${source}' AND p.id IN (
      SELECT post_id FROM post_categories WHERE source = '${source}' AND category IN (${Array(n).fill("?").join(",")})
    ) ORDER BY p.date DESC LIMIT ?`);
  const bySlug = db.prepare(`SELECT data FROM posts WHERE source = '${source}' AND slug = ? LIMIT 1`);
  const byId = db.prepare(`SELECT data FROM posts WHERE source = '${source}' AND id = ? LIMIT 1`);
  const parse = (row: { data: string } | undefined): WpPost | null => {
    if (!row) return null;
    const r = wpPostSchema.safeParse(JSON.parse(row.data));
    return r.success ? r.data : null;
  };
  const statements = new Map<number, ReturnType<typeof inCategories>>();
  return {
    list(categories: readonly number[], limit = 100): WpPost[] {
      let stmt = statements.get(categories.length);
      if (!stmt) statements.set(categories.length, (stmt = inCategories(categories.length)));
      return (stmt.all(...categories, limit) as { data: string }[]).flatMap((r) => parse(r) ?? []);
    },
    bySlug: (slug: string) => parse(bySlug.get(slug) as { data: string } | undefined),
    byId: (id: number) => parse(byId.get(id) as { data: string } | undefined),
  };
}

export function createSqliteContent(db: Db): Content {
  const q = postsQueries(db, "content");
  return {
    async slider() {
      return q
        .list(SLIDER_CATEGORIES)
        .map(mapSliderItem)
        .filter((s) => s.image !== "");
    },
    async latestNews(limit) {
      return q.list(HOME_NEWS_CATEGORIES, limit).map(mapNewsPost);
    },
    async newsTab(tab) {
      return q.list([CATEGORY[tab]]).map(mapNewsPost);
    },
    async postBySlug(slug) {
      const post = q.bySlug(slug);
      return post ? mapNewsPost(post) : null;
    },
  };
}

export function createSqliteGallery(db: Db): Gallery {
  const q = postsQueries(db, "gallery");
  return {
    async posts() {
      return q.list([CATEGORY.gallery]).map(mapGalleryPost);
    },
    async postById(id) {
      const post = q.byId(id);
      return post ? mapGalleryPost(post) : null;
    },
    async postBySlug(slug) {
      const post = q.bySlug(slug);
      return post ? mapGalleryPost(post) : null;
    },
  };
}
