import type { Db } from "./db.server";
import { readSampleCatalog } from "../shapes/sample-catalog.server";

/**
 * Fill an empty embedded database from the bundled sample catalog (sample/*.json).
 * Runs once, in one transaction; a database that already holds a catalog is left alone.
 */
export function seedIfEmpty(db: Db, sampleDir: string, publicDir = "public"): boolean {
  const seeded = db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").get() as { value: string } | undefined;
  if (seeded) return false;
  const sample = readSampleCatalog(sampleDir, publicDir);

  const insertEpisode = db.prepare(`INSERT INTO episodes
    (series, object_id, title, description, subtext, episode_url, podcast_image, background_image, pubdate, canbashow, era, duration, file_size, chapters_url, transcript_url, soundbites, transcript)
    VALUES (@series, @objectId, @title, @description, @subtext, @url, @podcastImage, @backgroundImage, @pubdate, @canbashow, @era, @duration, @fileSize, @chaptersUrl, @transcriptUrl, @soundbites, @transcript)`);
  const insertSponsor = db.prepare("INSERT INTO sponsors (id, data) VALUES (?, ?)");
  const insertCrew = db.prepare("INSERT INTO crew (id, name, data) VALUES (?, ?, ?)");
  const insertPost = db.prepare("INSERT INTO posts (source, id, slug, date, data) VALUES (?, ?, ?, ?, ?)");
  const insertCategory = db.prepare("INSERT INTO post_categories (source, post_id, category) VALUES (?, ?, ?)");

  db.transaction(() => {
    for (const e of sample.episodes) insertEpisode.run({ ...e, canbashow: e.canbashow ? 1 : 0 });
    for (const s of sample.sponsors) insertSponsor.run(s.id, s.data);
    for (const c of sample.crew) insertCrew.run(c.id, c.name, c.data);
    for (const p of sample.posts) {
      insertPost.run(p.source, p.id, p.slug, p.date, p.data);
      for (const c of p.categories) insertCategory.run(p.source, p.id, c);
    }
    db.prepare("INSERT INTO meta (key, value) VALUES ('seeded_at', ?)").run(new Date().toISOString());
  })();
  return true;
}
