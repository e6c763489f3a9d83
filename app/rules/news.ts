/**
 * docs/product.md §7 "Category meaning" and §9 "Categories": dth_news=5, wtfnews=4, spnkbnk=6,
 * slider 6 and 7, gallery 23; docs/product.md §2 Cards: the news card link by type.
 */
export const CATEGORY = { dth_news: 5, wtfnews: 4, spnkbnk: 6, gallery: 23 } as const;
export const SLIDER_CATEGORIES = [6, 7] as const;
export const HOME_NEWS_CATEGORIES = [4, 5] as const;

export type NewsType = "dth_news" | "wtfnews" | "spnkbnk";
/** docs/product.md §4 "News page tab: dth_news or wtfnews, default dth_news." */
export type NewsTab = "dth_news" | "wtfnews";
export const NEWS_TABS: readonly NewsTab[] = ["dth_news", "wtfnews"];
export const DEFAULT_NEWS_TAB: NewsTab = "dth_news";
export const NEWS_TAB_LABEL: Record<NewsTab, string> = { dth_news: "News", wtfnews: "WTF News" };

export function parseNewsTab(value: string | null | undefined): NewsTab | null {
  if (value == null || value === "") return DEFAULT_NEWS_TAB;
  return (NEWS_TABS as readonly string[]).includes(value) ? (value as NewsTab) : null;
}

/** The news type of a post from its categories (first match wins in spec order 5, 4, 6). */
export function newsTypeOf(categories: readonly number[]): NewsType | null {
  if (categories.includes(CATEGORY.dth_news)) return "dth_news";
  if (categories.includes(CATEGORY.wtfnews)) return "wtfnews";
  if (categories.includes(CATEGORY.spnkbnk)) return "spnkbnk";
  return null;
}

/** docs/product.md §2 Cards: "News card click goes to one of the following, chosen by the news type". */
export function newsLink(type: NewsType, slug: string): string {
  const s = encodeURIComponent(slug);
  switch (type) {
    case "spnkbnk":
      return `/SpankBank/Post/${s}`;
    case "dth_news":
      return `/News/${s}`;
    case "wtfnews":
      return `/WTFNews/${s}`;
  }
}

/** docs/product.md §2 Cards: "Gallery card click goes to /SpankBank/Post?id=<id>". */
export function galleryLink(id: number | string): string {
  return `/SpankBank/Post?id=${encodeURIComponent(String(id))}`;
}
