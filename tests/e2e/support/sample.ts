/**
 * The bundled sample catalog as the e2e specs expect to see it, read straight from sample/*.json
 * (the server seeds its throwaway database from the same files), plus the public routes list
 * shared by the route, accessibility and visual checks.
 */
import fs from "node:fs";
import path from "node:path";
import { stripTags } from "../../../app/adapters/shapes/html-text.server";

// Playwright runs from the repository root.
const SAMPLE = path.resolve("sample");
const read = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(SAMPLE, name), "utf8")) as T;

export interface SampleEpisode {
  id: number | string;
  title: string;
  description: string;
  subtext: string | null;
  EpisodeUrl: string;
  pubdate: string;
  canbashow: boolean | number | string | null;
  era: string;
  EpisodeDuration: number;
}
export interface SampleCrew {
  id: number | string;
  Name: string;
  Job: string;
  Bio: string;
  ProfileImg: string;
  DPB: Record<string, string> | null;
}
export interface SamplePost {
  id: number;
  slug: string;
  date: string;
  categories: number[];
  title: { rendered: string };
  acf?: { sliderurl?: string | null } | unknown[];
}
export interface SampleSponsor {
  id: number | string;
  Name?: string;
  SponsorLogo: string;
  SPNSRLink: string;
}

export const episodes = read<SampleEpisode[]>("episodes.json");
export const coldcut = read<SampleEpisode[]>("coldcut.json");
export const crew = read<SampleCrew[]>("crew.json");
export const posts = read<SamplePost[]>("posts.json");
export const sponsors = read<SampleSponsor[]>("sponsors.json");
export interface SampleGalleryPost {
  id: number;
  slug: string;
  title: { rendered: string };
  content: { rendered: string };
}
export const gallery = read<SampleGalleryPost[]>("gallery.json");

const isTrue = (v: unknown) => v === true || v === 1 || v === "true";
export const newestFirst = <T extends { pubdate: string }>(list: T[]) =>
  [...list].sort((a, b) => Date.parse(b.pubdate) - Date.parse(a.pubdate));

export const episodeWithSubtext = episodes.find((e) => (e.subtext ?? "").trim() !== "" && !isTrue(e.canbashow))!;
export const episodeWithoutSubtext = episodes.find((e) => (e.subtext ?? "").trim() === "")!;
export const cannabisEpisode = episodes.find((e) => isTrue(e.canbashow))!;
export const trickyEpisode =
  episodes.find((e) => /&/.test(e.title) && /'|’/.test(e.title)) ?? episodes.find((e) => /&/.test(e.title))!;
export const coldcutEpisode = coldcut[0]!;
export const crewMember = crew.find((c) => c.DPB != null)!;
export const crewWithoutBingo = crew.filter((c) => c.DPB == null);
export const dthNews = posts.filter((p) => p.categories.includes(5)).sort((a, b) => b.date.localeCompare(a.date));
export const wtfNews = posts.filter((p) => p.categories.includes(4)).sort((a, b) => b.date.localeCompare(a.date));
export const homeNews = posts
  .filter((p) => p.categories.some((c) => c === 4 || c === 5))
  .sort((a, b) => b.date.localeCompare(a.date))
  .slice(0, 4);
export const sliderPosts = posts.filter((p) => p.categories.some((c) => c === 6 || c === 7));

/** A WordPress rendered title as the app shows it (tags stripped, entities decoded). */
export const stripHtml = (html: string): string => stripTags(html);

const q = encodeURIComponent;

/** Every public route of docs/product.md §2 with the text that proves it rendered. */
export const PUBLIC_ROUTES: { name: string; path: string; status: number; heading: string | RegExp }[] = [
  { name: "home", path: "/", status: 200, heading: "The Ham Radio Show" },
  { name: "eras", path: "/eras", status: 200, heading: "Episodes" },
  { name: "era", path: `/era?station=${q("GOOM Radio")}`, status: 200, heading: "GOOM Radio" },
  {
    name: "episode",
    path: `/episode?title=${q(episodeWithSubtext.title)}`,
    status: 200,
    heading: episodeWithSubtext.title,
  },
  { name: "coldcut", path: `/coldcut/?title=${q(coldcutEpisode.title)}`, status: 200, heading: coldcutEpisode.title },
  { name: "coldcut-list", path: "/coldcut", status: 200, heading: "Cold Cut" },
  { name: "live", path: "/live", status: 200, heading: "Live Radio" },
  { name: "search", path: "/search?term=antenna", status: 200, heading: "Search: antenna" },
  { name: "search-empty", path: "/search?term=zzqqxx", status: 200, heading: "Search: zzqqxx" },
  { name: "crew-grid", path: "/crew-page", status: 200, heading: "The Crew" },
  { name: "crew-bio", path: `/Crew?name=${q(crewMember.Name)}`, status: 200, heading: crewMember.Name },
  { name: "crew-bio-lower", path: `/crew?name=${q(crewMember.Name)}`, status: 200, heading: crewMember.Name },
  { name: "about", path: "/about", status: 200, heading: "About the show" },
  { name: "help", path: "/help", status: 200, heading: "Help" },
  { name: "privacy", path: "/privacy-policy", status: 200, heading: "Privacy Policy" },
  { name: "dpb", path: "/DPB", status: 200, heading: "Deadpool Bingo" },
  { name: "news", path: "/News", status: 200, heading: "News" },
  { name: "news-wtf", path: "/News?tab=wtfnews", status: 200, heading: "News" },
  {
    name: "news-post",
    path: `/News/${q(dthNews[0]!.slug)}`,
    status: 200,
    heading: stripHtml(dthNews[0]!.title.rendered),
  },
  {
    name: "wtfnews-post",
    path: `/WTFNews/${q(wtfNews[0]!.slug)}`,
    status: 200,
    heading: stripHtml(wtfNews[0]!.title.rendered),
  },
  { name: "special-feature", path: "/speical-feature", status: 200, heading: "Special Feature" },
  { name: "page", path: "/page", status: 200, heading: "" },
  { name: "content-page", path: "/Page/the-bunker-tour", status: 200, heading: "" },
  { name: "error", path: "/error", status: 404, heading: "NOT FOUND" },
  { name: "unknown", path: "/this/page/does-not-exist", status: 404, heading: "NOT FOUND" },
];
