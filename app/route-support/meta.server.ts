import type { MetaDescriptor } from "@remix-run/node";
import { truncateWords } from "~/rules/text";
import { shareImage } from "~/rules/artwork";
import { eraFeedLink, type Station } from "~/rules/eras";
import { episodeLink } from "~/rules/episodes";
import { COLD_CUT_FEED_PATH, PODCAST, SHOW_FEED_PATH, audioType, episodeNumber, seasonOf } from "~/rules/podcast";
import type { Episode } from "~/services/types";
import { APP } from "~/rules/brand";
import { OEMBED_PATH } from "~/rules/embed";
import { SOCIAL_LINKS } from "~/rules/social";
import { publicOrigin } from "~/route-support/origin.server";
import { SHOW_DESCRIPTION, SITE_NAME } from "~/route-support/meta";

/**
 * A page's head is made by its loader and handed over in its data (`loaderMeta`): a route's `meta`
 * runs in the browser too, and this code and the rules it needs would be in every first load
 * (ADR 008).
 */
interface Loading {
  request: Request;
  context: { services: { siteUrl: string | undefined; publicConfig: { liveStreamUrl: string } } };
}

/** Absolute URLs against the public origin, as share previews and crawlers need them. */
const absolute =
  ({ request, context }: Loading) =>
  (path: string) =>
    new URL(path, publicOrigin(request, context.services.siteUrl)).href;

/** A site path as an absolute URL on the public origin (a feed's address to subscribe to). */
export const siteUrlOf = (args: Loading, path: string) => absolute(args)(path);

export interface PageMeta {
  /** The tab title; previews show `shareTitle` (default: the same). */
  title: string;
  shareTitle?: string;
  description: string;
  /** The page's canonical site path, query included. */
  path: string;
  /** The page's own art (an SVG is swapped for its raster card); none → the show's card. */
  image?: string | null;
  imageAlt?: string;
  type?: string;
  /** Search engines may show the page but not keep it (search results, forms). */
  noindex?: boolean;
  /** Feeds a reader or a browser may discover on the page. */
  feeds?: { title: string; path: string }[];
  more?: MetaDescriptor[];
}

/**
 * The head of a public page (ADR 017): title and description, the canonical link, Open Graph and
 * Twitter card tags with absolute URLs and a raster image of at least 1200 × 630, feed links.
 */
export function pageMeta(args: Loading, page: PageMeta): MetaDescriptor[] {
  const abs = absolute(args);
  const url = abs(page.path);
  const image = shareImage(page.image);
  const shareTitle = page.shareTitle ?? page.title;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: url },
    ...(page.feeds ?? []).map((feed) => ({
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: feed.title,
      href: abs(feed.path),
    })),
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:title", content: shareTitle },
    { property: "og:description", content: page.description },
    { property: "og:image", content: abs(image.url) },
    ...(image.width && image.height
      ? [
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
        ]
      : []),
    { property: "og:image:alt", content: page.imageAlt ?? shareTitle },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: shareTitle },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: abs(image.url) },
    ...(page.more ?? []),
  ];
}

export const SHOW_FEED = { title: `${PODCAST.title} (podcast)`, path: SHOW_FEED_PATH };
export const eraFeed = (station: Station) => ({
  title: `${PODCAST.title} — ${station} (podcast)`,
  path: eraFeedLink(station),
});
export const COLD_CUT_FEED = { title: `${PODCAST.coldCutTitle} (podcast)`, path: COLD_CUT_FEED_PATH };

/** An ISO 8601 duration for schema.org ("PT1H2M5S"). */
const isoDuration = (seconds: number) => {
  const s = Math.round(seconds);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${sec || (!h && !m) ? `${sec}S` : ""}`;
};

/** An episode's page: preview with its art and audio; structured data as a PodcastEpisode of its series. */
export function episodeMeta(args: Loading, episode: Episode): MetaDescriptor[] {
  const abs = absolute(args);
  const path = episodeLink(episode.title, episode.coldcut);
  const feed = episode.coldcut ? COLD_CUT_FEED : SHOW_FEED;
  const number = episodeNumber(episode.title);
  const description = truncateWords(episode.description, 30);
  const structured = {
    "@context": "https://schema.org",
    "@type": "PodcastEpisode",
    name: episode.title,
    url: abs(path),
    description: episode.description,
    datePublished: episode.pubdate,
    image: abs(shareImage(episode.image).url),
    isAccessibleForFree: true,
    ...(episode.duration > 0 ? { timeRequired: isoDuration(episode.duration) } : {}),
    ...(number ? { episodeNumber: number } : {}),
    associatedMedia: { "@type": "MediaObject", contentUrl: abs(episode.audioUrl) },
    ...(episode.era && !episode.coldcut
      ? { partOfSeason: { "@type": "PodcastSeason", name: episode.era, seasonNumber: seasonOf(episode.era) } }
      : {}),
    partOfSeries: {
      "@type": "PodcastSeries",
      name: episode.coldcut ? PODCAST.coldCutTitle : PODCAST.title,
      url: abs("/"),
      webFeed: abs(feed.path),
    },
  };
  return pageMeta(args, {
    title: `${episode.title} — ${SITE_NAME}`,
    shareTitle: episode.title,
    description,
    path,
    image: episode.image,
    imageAlt: `${episode.coldcut ? "Cold Cut" : (episode.era ?? SITE_NAME)} — ${episode.title}`,
    feeds: [feed],
    more: [
      { property: "og:audio", content: abs(episode.audioUrl) },
      { property: "og:audio:type", content: audioType(episode.audioUrl) },
      // oEmbed discovery: a blog pasting this page's link gets the embeddable player.
      {
        tagName: "link",
        rel: "alternate",
        type: "application/json+oembed",
        href: abs(`${OEMBED_PATH}?url=${encodeURIComponent(abs(path))}&format=json`),
        title: episode.title,
      },
      { "script:ld+json": structured },
    ],
  });
}

/** Home: the live station itself, as a RadioStation whose ListenAction is the live stream. */
export function homeMeta(args: Loading): MetaDescriptor[] {
  const { liveStreamUrl } = args.context.services.publicConfig;
  const abs = absolute(args);
  const station = {
    "@context": "https://schema.org",
    "@type": "RadioStation",
    name: SITE_NAME,
    url: abs("/"),
    description: SHOW_DESCRIPTION,
    logo: abs(APP.icons.any[1]),
    image: abs(shareImage(null).url),
    sameAs: SOCIAL_LINKS.map((l) => l.href),
    ...(liveStreamUrl
      ? {
          potentialAction: {
            "@type": "ListenAction",
            target: { "@type": "EntryPoint", urlTemplate: liveStreamUrl },
          },
        }
      : {}),
  };
  return pageMeta(args, {
    title: `${SITE_NAME} — The Most Dangerous Radio Today`,
    shareTitle: SITE_NAME,
    description: SHOW_DESCRIPTION,
    path: "/",
    type: "music.radio_station",
    feeds: [SHOW_FEED, COLD_CUT_FEED],
    more: [{ "script:ld+json": station }],
  });
}
