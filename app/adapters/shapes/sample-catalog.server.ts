import fs from "node:fs";
import path from "node:path";
import { crewRowSchema, episodeRowSchema, parseRows, sponsorRowSchema } from "./catalog-rows.server";
import { wpPostSchema } from "./wordpress.server";
import { parseSoundbites } from "~/rules/soundbites";
import { parseVtt } from "~/rules/transcript";

export interface SeedEpisode {
  series: "main" | "coldcut";
  objectId: string;
  title: string;
  description: string;
  subtext: string;
  url: string;
  podcastImage: string | null;
  backgroundImage: string | null;
  pubdate: string;
  canbashow: boolean;
  era: string | null;
  duration: number;
  fileSize: number | null;
  chaptersUrl: string | null;
  transcriptUrl: string | null;
  /** JSON text of its soundbites (checked), or null. */
  soundbites: string | null;
  /** The words of its transcript, for search (the sample's transcripts are its own files). */
  transcript: string;
}

/** The bundled sample catalog (sample/*.json), validated and shaped for an embedded store. */
export interface SampleCatalog {
  episodes: SeedEpisode[];
  sponsors: { id: string; data: string }[];
  crew: { id: string; name: string; data: string }[];
  posts: {
    source: "content" | "gallery";
    id: number;
    slug: string;
    date: string;
    data: string;
    categories: number[];
  }[];
}

function storedSoundbites(value: unknown): string | null {
  const bites = parseSoundbites(value);
  return bites.length ? JSON.stringify(bites) : null;
}

export function readSampleCatalog(sampleDir: string, publicDir: string): SampleCatalog {
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(sampleDir, name), "utf8")) as unknown;
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
  const transcripts = new Map<string, string>();
  const transcriptText = (url: string | null | undefined) => {
    if (!url?.startsWith("/media/")) return "";
    if (!transcripts.has(url)) {
      let text = "";
      try {
        text = parseVtt(fs.readFileSync(path.join(publicDir, url), "utf8"))
          .map((cue) => cue.text)
          .join("\n");
      } catch {
        // No file: nothing to search in.
      }
      transcripts.set(url, text);
    }
    return transcripts.get(url)!;
  };
  const episodes = (
    [
      ["main", "episodes.json"],
      ["coldcut", "coldcut.json"],
    ] as const
  ).flatMap(([series, file]) =>
    parseRows(episodeRowSchema, read(file), file).map((row): SeedEpisode => ({
      series,
      objectId: String(row.objectID ?? row.id),
      title: row.title,
      description: row.description,
      subtext: row.subtext,
      url: row.EpisodeUrl,
      podcastImage: row.PodcastImage ?? null,
      backgroundImage: row.backgroundImage ?? null,
      pubdate: new Date(row.pubdate).toISOString(),
      canbashow: row.canbashow === true || row.canbashow === 1 || row.canbashow === "true",
      era: row.era ?? null,
      duration: Math.round(row.EpisodeDuration),
      fileSize: fileSize(row.EpisodeUrl),
      chaptersUrl: row.ChaptersUrl ?? null,
      transcriptUrl: row.TranscriptUrl ?? null,
      soundbites: storedSoundbites(row.Soundbites),
      transcript: transcriptText(row.TranscriptUrl),
    })),
  );
  return {
    episodes,
    sponsors: parseRows(sponsorRowSchema, read("sponsors.json"), "sponsors.json").map((s) => ({
      id: String(s.id),
      data: JSON.stringify(s),
    })),
    crew: parseRows(crewRowSchema, read("crew.json"), "crew.json").map((c) => ({
      id: String(c.id),
      name: c.Name,
      data: JSON.stringify(c),
    })),
    posts: (
      [
        ["content", "posts.json"],
        ["gallery", "gallery.json"],
      ] as const
    ).flatMap(([source, file]) =>
      parseRows(wpPostSchema, read(file), file).map((p) => ({
        source,
        id: p.id,
        slug: p.slug,
        date: p.date,
        data: JSON.stringify(p),
        categories: [...new Set(p.categories)],
      })),
    ),
  };
}
