/**
 * docs/product.md §1/§2/§3: the four eras (stations) an episode belongs to, in broadcast order,
 * plus the EdgeFM card style that exists but has no tile (docs/product.md §2 Home).
 * The spec does not give the era descriptions' text; these are ours.
 */
export const STATIONS = ["GOOM Radio", "MLR", "PPR", "UFRN"] as const;
export type Station = (typeof STATIONS)[number];

export interface EraInfo {
  station: Station;
  years: string;
  image: string;
  /** The era feed's square cover (its raster copy is what directories get: ./artwork.ts). */
  cover: string;
  accent: string;
}

export const ERAS: Record<Station, EraInfo> = {
  "GOOM Radio": {
    station: "GOOM Radio",
    years: "2010–2013",
    image: "/media/img/eras/goom-radio.svg",
    cover: "/media/img/eras/goom-radio-square.svg",
    accent: "#e4572e",
  },
  MLR: {
    station: "MLR",
    years: "2013–2017",
    image: "/media/img/eras/mlr.svg",
    cover: "/media/img/eras/mlr-square.svg",
    accent: "#29bf12",
  },
  PPR: {
    station: "PPR",
    years: "2017–2021",
    image: "/media/img/eras/ppr.svg",
    cover: "/media/img/eras/ppr-square.svg",
    accent: "#3f88c5",
  },
  UFRN: {
    station: "UFRN",
    years: "2021–today",
    image: "/media/img/eras/ufrn.svg",
    cover: "/media/img/eras/ufrn-square.svg",
    accent: "#f2a541",
  },
};

/** docs/product.md §2 Home: "A card style for another station (EdgeFM) also exists." */
export const EDGE_FM_STYLE = { station: "EdgeFM", image: "/media/img/eras/edgefm.svg", accent: "#a23b72" } as const;

/** The orders an era page lists its episodes in; the first is the default (docs/product.md §2 "newest first"). */
export const ERA_SORTS = ["newest", "oldest"] as const;
export type EraSort = (typeof ERA_SORTS)[number];

/** Exact station name, or the same name in another letter case; else null (→ 404). */
export function parseStation(value: string | null | undefined): Station | null {
  if (!value) return null;
  const v = value.trim();
  const exact = STATIONS.find((s) => s === v);
  if (exact) return exact;
  return STATIONS.find((s) => s.toLowerCase() === v.toLowerCase()) ?? null;
}

/** docs/product.md §2 Cards: "Era card click goes to /era?station=<station>". */
export function eraLink(station: string): string {
  return `/era?station=${encodeURIComponent(station)}`;
}

/** docs/product.md §2 Era page: RSS "with the query parameter era set to the station". */
export function eraFeedLink(station: string): string {
  return `/rss?era=${encodeURIComponent(station)}`;
}
