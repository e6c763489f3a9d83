import type { Services } from "./services.server";
import { episodeCard, newsCard, slideCard } from "./cards.server";
import { orEmpty } from "./pages.server";

/** SPEC §2 Home: sponsors, slider, latest episodes and news, each failing alone to its empty value. */
export async function loadHome(services: Services, limits: { latest: number; news: number }) {
  const [sponsors, slides, latest, news] = await Promise.all([
    orEmpty("sponsors", services.catalog.sponsors(), []),
    orEmpty("slider", services.content.slider(), []),
    orEmpty("latest episodes", services.catalog.latestEpisodes(limits.latest), []),
    orEmpty("home news", services.content.latestNews(limits.news), []),
  ]);
  const site = services.publicConfig.contentSiteUrl;
  return { sponsors, slides: slides.map((s) => slideCard(s, site)), latest: latest.map(episodeCard), news: news.map(newsCard) };
}
