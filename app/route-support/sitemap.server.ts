import type { Services } from "~/services/services.server";
import type { SitemapEntry } from "~/services/sitemap.server";
import { eraLink, STATIONS } from "~/rules/eras";
import { episodeLink } from "~/rules/episodes";
import { crewLink } from "~/rules/crew";
import { newsLink } from "~/rules/news";
import { PUBLIC_PAGES } from "~/rules/sitemap";

/**
 * Every public page: the fixed ones, each era, crew member, news post (News and WTF News; the
 * SpankBank posts are signed-in only), episode and Cold Cut episode. A source that fails fails the
 * whole list: a sitemap missing half the site is worse than a "try later".
 */
export async function sitemapEntries({ catalog, content }: Services): Promise<SitemapEntry[]> {
  const [episodes, coldcut, crew, news, wtfNews] = await Promise.all([
    catalog.allEpisodes("main"),
    catalog.allEpisodes("coldcut"),
    catalog.crew(),
    content.newsTab("dth_news"),
    content.newsTab("wtfnews"),
  ]);
  const newestOf = (list: { pubdate: string }[]) => list[0]?.pubdate;
  const entries: SitemapEntry[] = [
    ...PUBLIC_PAGES.map((path) => ({ path, lastmod: path === "/" ? newestOf(episodes) : undefined })),
    ...STATIONS.map((s) => ({ path: eraLink(s), lastmod: newestOf(episodes.filter((e) => e.era === s)) })),
    ...crew.map((c) => ({ path: crewLink(c.name) })),
    ...[...news, ...wtfNews].map((p) => ({ path: newsLink(p.type ?? "dth_news", p.slug), lastmod: p.date })),
    ...[...episodes, ...coldcut].map((e) => ({ path: episodeLink(e.title, e.coldcut), lastmod: e.pubdate })),
  ];
  // A post in both news categories, or two episodes of one title, is one page.
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.path) && seen.add(e.path));
}
