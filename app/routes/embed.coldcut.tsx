/** /embed/coldcut?title=: the Cold Cut twin of /embed/episode (a path containing coldcut selects Cold Cut). */
export { default, ErrorBoundary, handle, headers, loader, meta } from "./embed.episode";
