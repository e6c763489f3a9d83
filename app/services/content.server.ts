import type { NewsTab } from "~/rules/news";
import type { GalleryPost, NewsPost, SliderItem } from "./types";

/** The content site (news, slider) — docs/product.md §7 "Content sources". */
export interface Content {
  slider(): Promise<SliderItem[]>;
  /** Categories 4 and 5, newest first. */
  latestNews(limit: number): Promise<NewsPost[]>;
  newsTab(tab: NewsTab): Promise<NewsPost[]>;
  postBySlug(slug: string): Promise<NewsPost | null>;
}

/** The gallery source ("source A" of docs/product.md §7). */
export interface Gallery {
  posts(): Promise<GalleryPost[]>;
  postById(id: number): Promise<GalleryPost | null>;
  postBySlug(slug: string): Promise<GalleryPost | null>;
}
