/** The Subscribe menu's copy, loaded on first use rather than with the page (the first-load budget). */

export function copyFeedUrl(feedUrl: string): Promise<string> {
  return navigator.clipboard.writeText(feedUrl).then(
    () => "Feed URL copied",
    () => "Could not copy: select the address and copy it",
  );
}
