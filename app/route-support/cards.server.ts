import { slideSources } from "~/rules/artwork";
import { servedChaptersUrl } from "~/rules/chapters";
import { ERAS, eraLink, type Station } from "~/rules/eras";
import { newsLink } from "~/rules/news";
import { slideTarget } from "~/rules/slider";
import { truncateChars, truncateWords } from "~/rules/text";
import { episodeNumber } from "~/rules/podcast";
import { formatShortDate } from "~/ui/time";
import type {
  Episode,
  EpisodeCardData,
  EraCardData,
  NewsCardData,
  NewsPost,
  SlideCardData,
  SliderItem,
} from "~/services/types";

/**
 * The card view of an episode or a news post, cut on the server (docs/product.md §5): a list page sends a
 * few hundred bytes per card instead of whole descriptions and post bodies, and the browser
 * does not need the text rules to show them.
 */
// The catalog and content services hand out the same (cached) objects until their data
// changes, so a card is cut once per object, not on every render.
const episodeCards = new WeakMap<Episode, EpisodeCardData>();
const newsCards = new WeakMap<NewsPost, NewsCardData>();
const slideCards = new WeakMap<SliderItem, { site: string; card: SlideCardData }>();

function memo<K extends object, V>(cache: WeakMap<K, V>, key: K, make: (key: K) => V): V {
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = make(key)));
  return value;
}

export function episodeCard(episode: Episode): EpisodeCardData {
  return memo(episodeCards, episode, (e) => ({
    id: e.id,
    title: e.title,
    audioUrl: e.audioUrl,
    image: e.image,
    backgroundImage: e.backgroundImage,
    era: e.era,
    duration: e.duration,
    coldcut: e.coldcut,
    chaptersUrl: e.chaptersUrl && servedChaptersUrl(e.chaptersUrl),
    summary: truncateWords(e.description),
    date: Date.parse(e.pubdate) > 0 ? { iso: e.pubdate, text: formatShortDate(e.pubdate) } : null,
    number: episodeNumber(e.title),
  }));
}

export function eraCard(station: Station): EraCardData {
  const { years, image, accent } = ERAS[station];
  return { station, years, image, accent, href: eraLink(station) };
}

export function newsCard(post: NewsPost): NewsCardData {
  return memo(newsCards, post, cutNewsCard);
}

/** A slide with its link target (internal /Page/<path>, a new tab, or none) decided here. */
export function slideCard(slide: SliderItem, contentSiteUrl: string): SlideCardData {
  const cached = slideCards.get(slide);
  if (cached?.site === contentSiteUrl) return cached.card;
  const card = {
    id: slide.id,
    image: slide.image,
    sources: slideSources(slide.image),
    caption: slide.caption,
    target: slideTarget(slide.url, contentSiteUrl),
  };
  slideCards.set(slide, { site: contentSiteUrl, card });
  return card;
}

function cutNewsCard(post: NewsPost): NewsCardData {
  return {
    id: post.id,
    href: post.type ? newsLink(post.type, post.slug) : `/News/${encodeURIComponent(post.slug)}`,
    title: post.title,
    image: post.image,
    titleShort: truncateChars(post.title),
    excerptShort: truncateChars(post.excerpt),
  };
}
