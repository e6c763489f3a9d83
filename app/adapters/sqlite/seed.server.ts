import fs from "node:fs";
import path from "node:path";
import type { Db } from "./db.server";
import { crewRowSchema, episodeRowSchema, parseRows, sponsorRowSchema } from "../shapes/catalog-rows.server";
import { wpPostSchema } from "../shapes/wordpress.server";

/**
 * Fill an empty embedded database from the bundled sample catalog (sample/*.json).
 * Runs once, in one transaction; a database that already holds a catalog is left alone.
 */
export function seedIfEmpty(db: Db, sampleDir: string, publicDir = "public"): boolean {
  const seeded = db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").get() as { value: string } | undefined;
  if (seeded) return false;
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(sampleDir, name), "utf8")) as unknown;

  const episodes = parseRows(episodeRowSchema, read("episodes.json"), "episodes.json");
  const coldcut = parseRows(episodeRowSchema, read("coldcut.json"), "coldcut.json");
  const sponsors = parseRows(sponsorRowSchema, read("sponsors.json"), "sponsors.json");
  const crew = parseRows(crewRowSchema, read("crew.json"), "crew.json");
  const posts = parseRows(wpPostSchema, read("posts.json"), "posts.json");
  const gallery = parseRows(wpPostSchema, read("gallery.json"), "gallery.json");

  const sizes = new Map<string, number | null>();
  const fileSize = (url: string) => {
    if (!url.startsWith("/")) return null;
    if (!sizes.has(url)) {
      try {
        sizes.set(url, fs.statSync(path.join(publicDir, url)).size);
      } catch {
        sizes.set(url, null);
      }
    }
    return sizes.get(url) ?? null;
  };

  const insertEpisode = db.prepare(`INSERT INTO episodes
    (series, object_id, title, description, subtext, episode_url, podcast_image, background_image, pubdate, canbashow, era, duration, file_size)
    VALUES (@series, @objectId, @title, @description, @subtext, @url, @podcastImage, @backgroundImage, @pubdate, @canbashow, @era, @duration, @fileSize)`);
  const insertSponsor = db.prepare("INSERT INTO sponsors (id, data) VALUES (?, ?)");
  const insertCrew = db.prepare("INSERT INTO crew (id, name, data) VALUES (?, ?, ?)");
  const insertPost = db.prepare("INSERT INTO posts (source, id, slug, date, data) VALUES (?, ?, ?, ?, ?)");
  const insertCategory = db.prepare("INSERT INTO post_categories (source, post_id, category) VALUES (?, ?, ?)");

  db.transaction(() => {
    for (const [series, rows] of [
      ["main", episodes],
      ["coldcut", coldcut],
    ] as const) {
      for (const row of rows) {
        insertEpisode.run({
          series,
          objectId: String(row.objectID ?? row.id),
          title: row.title,
          description: row.description,
          subtext: row.subtext,
          url: row.EpisodeUrl,
          podcastImage: row.PodcastImage ?? null,
          backgroundImage: row.backgroundImage ?? null,
          pubdate: new Date(row.pubdate).toISOString(),
          canbashow: row.canbashow === true || row.canbashow === 1 || row.canbashow === "true" ? 1 : 0,
          era: row.era ?? null,
          duration: Math.round(row.EpisodeDuration),
          fileSize: fileSize(row.EpisodeUrl),
        });
      }
    }
    for (const s of sponsors) insertSponsor.run(String(s.id), JSON.stringify(s));
    for (const c of crew) insertCrew.run(String(c.id), c.Name, JSON.stringify(c));
    for (const [source, list] of [
      ["content", posts],
      ["gallery", gallery],
    ] as const) {
      for (const p of list) {
        insertPost.run(source, p.id, p.slug, p.date, JSON.stringify(p));
        for (const c of new Set(p.categories)) insertCategory.run(source, p.id, c);
      }
    }
    db.prepare("INSERT INTO meta (key, value) VALUES ('seeded_at', ?)").run(new Date().toISOString());
  })();
  return true;
}
