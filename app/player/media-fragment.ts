/**
 * The native player's start (and a clip's end): a media fragment, which the browser plays as such.
 * A module of its own: the pages with a native player need it, the site's player does not.
 */
export function mediaFragment(src: string, start: number | null, end: number | null = null): string {
  if (end !== null) return `${src}#t=${start ?? 0},${end}`;
  return start ? `${src}#t=${start}` : src;
}
