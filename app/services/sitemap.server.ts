import { xml } from "./feed.server";

/** The sitemaps protocol's limit of URLs in one file; past it, /sitemap.xml is an index of parts. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  /** Site path, query included. */
  path: string;
  /** ISO date of the last change, when known. */
  lastmod?: string;
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
/** A W3C datetime element for a time the source gave, or nothing for none or junk. */
const lastmodTag = (time: number) =>
  Number.isFinite(time) ? `<lastmod>${new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z")}</lastmod>` : "";
const timeOf = (e: SitemapEntry) => Date.parse(e.lastmod ?? "");
const newest = (entries: SitemapEntry[]) => entries.reduce((max, e) => (timeOf(e) > max ? timeOf(e) : max), -Infinity);

export function sitemapPartCount(entries: SitemapEntry[]): number {
  return Math.max(1, Math.ceil(entries.length / SITEMAP_MAX_URLS));
}

/**
 * /sitemap.xml (`part` null): every page in one urlset, or an index of its parts when there are
 * more than SITEMAP_MAX_URLS; /sitemap.xml?page=N: part N (1-based), or null when there is none.
 */
export function buildSitemap(entries: SitemapEntry[], origin: string, part: number | null): string | null {
  const parts = sitemapPartCount(entries);
  const abs = (path: string) => xml(new URL(path, origin).href);
  if (part === null && parts > 1) {
    const sitemaps = Array.from({ length: parts }, (_, i) => {
      const lastmod = newest(entries.slice(i * SITEMAP_MAX_URLS, (i + 1) * SITEMAP_MAX_URLS));
      return `  <sitemap><loc>${abs(`/sitemap.xml?page=${i + 1}`)}</loc>${lastmodTag(lastmod)}</sitemap>`;
    });
    return `${HEAD}\n<sitemapindex ${NS}>\n${sitemaps.join("\n")}\n</sitemapindex>\n`;
  }
  const n = part ?? 1;
  if (n < 1 || n > parts) return null;
  const urls = entries
    .slice((n - 1) * SITEMAP_MAX_URLS, n * SITEMAP_MAX_URLS)
    .map((e) => `  <url><loc>${abs(e.path)}</loc>${lastmodTag(timeOf(e))}</url>`);
  return `${HEAD}\n<urlset ${NS}>\n${urls.join("\n")}\n</urlset>\n`;
}
