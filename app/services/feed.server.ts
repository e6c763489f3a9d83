import { v5 as uuidv5 } from "uuid";
import type { CrewMember, Episode } from "./types";
import { ERAS, eraFeedLink, eraLink, type Station } from "~/rules/eras";
import { ERA_DESCRIPTIONS } from "~/rules/era-descriptions";
import { COLD_CUT_PAGE_PATH, episodeLink } from "~/rules/episodes";
import { COLD_CUT_ART, SHOW_ART, podcastArt } from "~/rules/artwork";
import {
  COLD_CUT_FEED_PATH,
  FUNDING,
  LIVE_ITEM,
  PODCAST,
  PODCAST_GUID_NAMESPACE,
  SHOW_FEED_PATH,
  audioType,
  crewRole,
  episodeNumber,
  podcastGuidName,
  seasonOf,
  type LiveStatus,
} from "~/rules/podcast";
import { crewLink } from "~/rules/crew";
import { CHAPTERS_TYPE, servedChaptersUrl } from "~/rules/chapters";
import { TRANSCRIPT_TYPE } from "~/rules/transcript";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
// Characters XML 1.0 forbids are dropped rather than escaped.
const INVALID_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
export const xml = (s: string) => s.replace(INVALID_XML, "").replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** Podcasting 2.0 `podcast:guid`: UUIDv5 of the feed URL without scheme and trailing slashes. */
export function podcastGuid(feedUrl: string): string {
  return uuidv5(podcastGuidName(feedUrl), PODCAST_GUID_NAMESPACE);
}

export type FeedKind = { kind: "show" } | { kind: "era"; station: Station } | { kind: "coldcut" };

interface Channel {
  title: string;
  description: string;
  /** Site paths: the page the feed belongs to, the feed itself, the cover (an SVG has a raster copy). */
  page: string;
  feed: string;
  art: string;
  /** Items carry their era as a season (the main show's feeds). */
  seasons: boolean;
}

function channelOf(feed: FeedKind): Channel {
  switch (feed.kind) {
    case "show":
      return {
        title: PODCAST.title,
        description: PODCAST.description,
        page: "/",
        feed: SHOW_FEED_PATH,
        art: SHOW_ART,
        seasons: true,
      };
    case "era":
      return {
        title: `${PODCAST.title} — ${feed.station}`,
        description: ERA_DESCRIPTIONS[feed.station],
        page: eraLink(feed.station),
        feed: eraFeedLink(feed.station),
        art: ERAS[feed.station].cover,
        seasons: true,
      };
    case "coldcut":
      return {
        title: PODCAST.coldCutTitle,
        description: PODCAST.coldCutDescription,
        page: COLD_CUT_PAGE_PATH,
        feed: COLD_CUT_FEED_PATH,
        art: COLD_CUT_ART,
        seasons: false,
      };
  }
}

export interface FeedInput {
  feed: FeedKind;
  /** Newest first. */
  episodes: Episode[];
  crew: CrewMember[];
  /** Public origin every link is made absolute against. */
  origin: string;
  ownerEmail: string;
  /** `podcast:funding`: where listeners support the show. */
  fundingUrl: string;
  /** The live stream and what this server last saw of it (the whole show's feed only). */
  live?: { streamUrl: string; status: LiveStatus | null };
}

/** When the feed last changed as a reader sees it: its newest episode. */
export function feedLastModified(episodes: Episode[]): Date | null {
  const newest = Math.max(...episodes.map((e) => Date.parse(e.pubdate)).filter(Number.isFinite));
  return Number.isFinite(newest) ? new Date(Math.floor(newest / 1000) * 1000) : null;
}

/** A directory-grade podcast feed: RSS 2.0 with the iTunes and Podcasting 2.0 namespaces. */
export function buildFeed({ feed, episodes, crew, origin, ownerEmail, fundingUrl, live }: FeedInput): string {
  const channel = channelOf(feed);
  const abs = (u: string) => xml(new URL(u, origin).href);
  const feedUrl = new URL(channel.feed, origin).href;
  const cover = podcastArt(channel.art);
  const lastModified = feedLastModified(episodes);
  const tag = (name: string, value: string | number, attrs = "") => `<${name}${attrs}>${value}</${name}>`;
  const lines =
    (indent: string) =>
    (...parts: (string | false | null | undefined)[]) =>
      parts.filter(Boolean).join(`\n${indent}`);

  const people = crew.flatMap((member) => {
    const role = crewRole(member.job);
    if (!role) return [];
    const img = podcastArt(member.profileImg);
    const attrs =
      ` role="${xml(role.role)}" group="${xml(role.group)}"` +
      (img ? ` img="${abs(img)}"` : "") +
      ` href="${abs(crewLink(member.name))}"`;
    return [`<podcast:person${attrs}>${xml(member.name)}</podcast:person>`];
  });

  const items = episodes.map((e) => {
    const art = podcastArt(e.image);
    const number = episodeNumber(e.title);
    const season = channel.seasons && e.era ? seasonOf(e.era) : null;
    return `    <item>
      ${lines("      ")(
        tag("title", xml(e.title)),
        tag("link", abs(episodeLink(e.title, e.coldcut))),
        tag("guid", xml(`hamradioshow-${e.id}`), ' isPermaLink="false"'),
        tag("pubDate", new Date(e.pubdate).toUTCString()),
        tag("description", xml(e.description)),
        `<enclosure url="${abs(e.audioUrl)}" length="${e.fileSize ?? 0}" type="${audioType(e.audioUrl)}"/>`,
        e.duration > 0 ? tag("itunes:duration", Math.round(e.duration)) : null,
        art && `<itunes:image href="${abs(art)}"/>`,
        tag("itunes:explicit", e.canbashow ? "true" : "false"),
        tag("itunes:episodeType", "full"),
        e.subtext && tag("itunes:subtitle", xml(e.subtext)),
        season ? tag("itunes:season", season) : null,
        season && e.era ? tag("podcast:season", season, ` name="${xml(e.era)}"`) : null,
        number ? tag("itunes:episode", number) : null,
        number ? tag("podcast:episode", number) : null,
        e.transcriptUrl && `<podcast:transcript url="${abs(e.transcriptUrl)}" type="${TRANSCRIPT_TYPE}"/>`,
        e.chaptersUrl && `<podcast:chapters url="${abs(servedChaptersUrl(e.chaptersUrl))}" type="${CHAPTERS_TYPE}"/>`,
        ...e.soundbites.map((b) =>
          tag("podcast:soundbite", xml(b.title), ` startTime="${b.startTime}" duration="${b.duration}"`),
        ),
      )}
    </item>`;
  });

  const categories = PODCAST.categories.map(([top, sub]) =>
    sub
      ? `<itunes:category text="${xml(top)}"><itunes:category text="${xml(sub)}"/></itunes:category>`
      : `<itunes:category text="${xml(top)}"/>`,
  );

  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    ${lines("    ")(
      tag("title", xml(channel.title)),
      tag("link", abs(channel.page)),
      `<atom:link href="${xml(feedUrl)}" rel="self" type="application/rss+xml"/>`,
      tag("description", xml(channel.description)),
      tag("language", PODCAST.language),
      tag("copyright", xml(`© ${PODCAST.author}`)),
      lastModified && tag("pubDate", lastModified.toUTCString()),
      lastModified && tag("lastBuildDate", lastModified.toUTCString()),
      cover &&
        `<image>${tag("url", abs(cover))}${tag("title", xml(channel.title))}${tag("link", abs(channel.page))}</image>`,
      cover && `<itunes:image href="${abs(cover)}"/>`,
      tag("itunes:author", xml(PODCAST.author)),
      `<itunes:owner>${tag("itunes:name", xml(PODCAST.author))}${tag("itunes:email", xml(ownerEmail))}</itunes:owner>`,
      tag("itunes:type", PODCAST.type),
      tag("itunes:explicit", PODCAST.explicit ? "true" : "false"),
      ...categories,
      tag("podcast:guid", podcastGuid(feedUrl)),
      tag("podcast:locked", PODCAST.locked ? "yes" : "no", ` owner="${xml(ownerEmail)}"`),
      tag("podcast:medium", "podcast"),
      tag("podcast:funding", xml(FUNDING.message), ` url="${xml(fundingUrl)}"`),
      ...people,
    )}
${[feed.kind === "show" && live?.status ? liveItem(live.streamUrl, live.status, abs) : null, ...items].filter(Boolean).join("\n")}
  </channel>
</rss>
`;
}

/** The live stream as a `podcast:liveItem`; its guid names the broadcast (its start). */
function liveItem(streamUrl: string, live: LiveStatus, abs: (u: string) => string): string {
  const page = abs("/live");
  const end = live.end ? ` end="${live.end.toISOString()}"` : "";
  return `    <podcast:liveItem status="${live.status}" start="${live.start.toISOString()}"${end}>
      <title>${xml(LIVE_ITEM.title)}</title>
      <description>${xml(LIVE_ITEM.description)}</description>
      <link>${page}</link>
      <guid isPermaLink="false">hamradioshow-live-${live.start.getTime()}</guid>
      <enclosure url="${xml(streamUrl)}" length="0" type="${audioType(streamUrl)}"/>
      <podcast:contentLink href="${page}">${xml(LIVE_ITEM.contentLinkText)}</podcast:contentLink>
    </podcast:liveItem>`;
}
