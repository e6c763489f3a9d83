import type { Content, Gallery } from "~/services/content.server";
import type { Db } from "./db.server";
import { contentFromPosts, galleryFromPosts, toWpPost, type StoredPosts } from "../shapes/stored-rows.server";

/** The content site and gallery source, answered from WordPress-shaped posts in the embedded DB. */
function postsQueries(db: Db, source: "content" | "gallery"): StoredPosts {
  const inCategories = (n: number) =>
    db.prepare(`SELECT p.data FROM posts p WHERE p.source = '${source}' AND p.id IN (
      SELECT post_id FROM post_categories WHERE source = '${source}' AND category IN (${Array(n).fill("?").join(",")})
    ) ORDER BY p.date DESC LIMIT ?`);
  const bySlug = db.prepare(`SELECT data FROM posts WHERE source = '${source}' AND slug = ? LIMIT 1`);
  const byId = db.prepare(`SELECT data FROM posts WHERE source = '${source}' AND id = ? LIMIT 1`);
  const parse = (row: { data: string } | undefined) => (row ? toWpPost(row.data) : null);
  const statements = new Map<number, ReturnType<typeof inCategories>>();
  return {
    async list(categories, limit = 100) {
      let stmt = statements.get(categories.length);
      if (!stmt) statements.set(categories.length, (stmt = inCategories(categories.length)));
      return (stmt.all(...categories, limit) as { data: string }[]).flatMap((r) => parse(r) ?? []);
    },
    bySlug: async (slug) => parse(bySlug.get(slug) as { data: string } | undefined),
    byId: async (id) => parse(byId.get(id) as { data: string } | undefined),
  };
}

export function createSqliteContent(db: Db): Content {
  return contentFromPosts(postsQueries(db, "content"));
}

export function createSqliteGallery(db: Db): Gallery {
  return galleryFromPosts(postsQueries(db, "gallery"));
}
