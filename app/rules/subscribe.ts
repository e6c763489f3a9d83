/**
 * "Subscribe" links: each podcast app's own subscribe address for a feed URL (the schemes the
 * apps document and the Podlove subscribe button uses). Spotify cannot subscribe to a feed URL:
 * it is offered only when the show's Spotify page is configured.
 */
export interface SubscribeLink {
  app: string;
  href: string;
}

export function subscribeLinks(feedUrl: string, spotifyShowUrl?: string | null): SubscribeLink[] {
  const url = new URL(feedUrl);
  if (url.protocol !== "https:" && url.protocol !== "http:") return [];
  // Apple Podcasts, Pocket Casts and Podcast Addict take the address without its scheme.
  const bare = url.href.replace(/^https?:\/\//, "");
  return [
    { app: "Apple Podcasts", href: `podcast://${bare}` },
    ...(spotifyShowUrl ? [{ app: "Spotify", href: spotifyShowUrl }] : []),
    { app: "Pocket Casts", href: `pktc://subscribe/${bare}` },
    { app: "Overcast", href: `overcast://x-callback-url/add?url=${encodeURIComponent(url.href)}` },
    { app: "Podcast Addict", href: `podcastaddict://${bare}` },
  ];
}
