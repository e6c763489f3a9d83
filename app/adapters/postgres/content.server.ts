import type { Content, Gallery } from "~/services/content.server";
import { hasNul, type Pg } from "./db.server";
import { contentFromPosts, galleryFromPosts, toWpPost, type StoredPosts } from "../shapes/stored-rows.server";

const INT4_MAX = 2 ** 31 - 1;

function storedPosts(pool: Pg, source: "content" | "gallery"): StoredPosts {
  const posts = async (sql: string, values: unknown[]) =>
    (
      await pool.query<{ data: unknown }>(`SELECT data FROM posts WHERE source = $1 ${sql}`, [source, ...values])
    ).rows.flatMap((r) => toWpPost(r.data) ?? []);
  return {
    list: (categories, limit = 100) =>
      posts(
        `AND id IN (SELECT post_id FROM post_categories WHERE source = $1 AND category = ANY($2))
         ORDER BY date COLLATE "C" DESC LIMIT $3`,
        [categories, limit],
      ),
    bySlug: async (slug) => (hasNul(slug) ? null : ((await posts("AND slug = $2 LIMIT 1", [slug]))[0] ?? null)),
    byId: async (id) =>
      Number.isInteger(id) && Math.abs(id) <= INT4_MAX ? ((await posts("AND id = $2 LIMIT 1", [id]))[0] ?? null) : null,
  };
}

/** The content site and gallery source, answered from WordPress-shaped posts in PostgreSQL. */
export function createPostgresContent(pool: Pg): Content {
  return contentFromPosts(storedPosts(pool, "content"));
}

export function createPostgresGallery(pool: Pg): Gallery {
  return galleryFromPosts(storedPosts(pool, "gallery"));
}
