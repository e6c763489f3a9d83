import { truncateWords } from "~/rules/text";

export function episodeMeta(episode: { title: string; description: string; image: string } | undefined) {
  if (!episode) return [{ title: "NOT FOUND — The Ham Radio Show" }];
  return [
    { title: `${episode.title} — The Ham Radio Show` },
    { name: "description", content: truncateWords(episode.description, 30) },
    { property: "og:title", content: episode.title },
    { property: "og:type", content: "music.radio_station" },
    { property: "og:image", content: episode.image },
  ];
}
