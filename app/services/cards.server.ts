import { truncateChars, truncateWords } from "~/rules/text";
import type { Episode, EpisodeCardData, NewsCardData, NewsPost } from "./types";

/**
 * The card view of an episode or a news post, cut on the server (SPEC §5): a list page sends a
 * few hundred bytes per card instead of whole descriptions and post bodies, and the browser
 * does not need the text rules to show them.
 */
export function episodeCard({ description, ...episode }: Episode): EpisodeCardData {
  return { ...episode, summary: truncateWords(description) };
}

export function newsCard(post: NewsPost): NewsCardData {
  return {
    id: post.id,
    slug: post.slug,
    type: post.type,
    title: post.title,
    image: post.image,
    titleShort: truncateChars(post.title),
    excerptShort: truncateChars(post.excerpt),
  };
}
