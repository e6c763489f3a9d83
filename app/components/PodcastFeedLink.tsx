import { RssIcon } from "~/ui/primitives";

/** The RSS button of a show's page (an era, Cold Cut): the feed opens in a new tab. */
export function PodcastFeedLink({ href, show }: { href: string; show: string }) {
  return (
    <a
      className="icon-button"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${show} podcast RSS feed`}
    >
      <RssIcon />
    </a>
  );
}
