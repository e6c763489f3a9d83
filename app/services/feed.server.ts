import type { Episode } from "./types";
import { ERAS, eraFeedLink, eraLink, type Station } from "~/rules/eras";
import { ERA_DESCRIPTIONS } from "~/rules/era-descriptions";
import { episodeLink } from "~/rules/episodes";
import { formatDuration } from "~/utils/time";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
// Characters XML 1.0 forbids are dropped rather than escaped.
const INVALID_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
export const xml = (s: string) => s.replace(INVALID_XML, "").replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

function mimeType(url: string): string {
  const ext = url.split("?")[0]!.split(".").pop()?.toLowerCase();
  return ext === "m4a" || ext === "aac" ? "audio/aac" : ext === "ogg" || ext === "opus" ? "audio/ogg" : "audio/mpeg";
}

/** An RSS 2.0 podcast feed (iTunes namespace) of one era, newest first. */
export function buildEraFeed(station: Station, episodes: Episode[], siteUrl: string): string {
  const era = ERAS[station];
  const abs = (u: string) => new URL(u, siteUrl).href;
  const items = episodes
    .map((e) => {
      const link = abs(episodeLink(e.title, e.coldcut));
      return `    <item>
      <title>${xml(e.title)}</title>
      <link>${xml(link)}</link>
      <guid isPermaLink="false">${xml(`hamradioshow-${e.id}`)}</guid>
      <pubDate>${new Date(e.pubdate).toUTCString()}</pubDate>
      <description>${xml(e.description)}</description>
      <enclosure url="${xml(abs(e.audioUrl))}" length="${e.fileSize ?? 0}" type="${mimeType(e.audioUrl)}"/>
      <itunes:duration>${formatDuration(e.duration)}</itunes:duration>
      <itunes:image href="${xml(abs(e.image))}"/>
      <itunes:explicit>${e.canbashow ? "true" : "false"}</itunes:explicit>
      ${e.subtext ? `<itunes:subtitle>${xml(e.subtext)}</itunes:subtitle>` : ""}
    </item>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(`The Ham Radio Show — ${station}`)}</title>
    <link>${xml(abs(eraLink(station)))}</link>
    <atom:link href="${xml(abs(eraFeedLink(station)))}" rel="self" type="application/rss+xml"/>
    <description>${xml(ERA_DESCRIPTIONS[station])}</description>
    <language>en-us</language>
    <image><url>${xml(abs(era.image))}</url><title>${xml(`The Ham Radio Show — ${station}`)}</title><link>${xml(abs(eraLink(station)))}</link></image>
    <itunes:image href="${xml(abs(era.image))}"/>
    <itunes:author>The Ham Radio Show</itunes:author>
    <itunes:category text="Comedy"/>
    <itunes:explicit>true</itunes:explicit>
${items}
  </channel>
</rss>
`;
}
