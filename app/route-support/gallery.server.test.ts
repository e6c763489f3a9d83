import { describe, expect, it } from "vitest";
import type { Gallery, Content } from "~/services/content.server";
import type { GalleryPost, NewsPost } from "~/services/types";
import type { AppLoadContext } from "@remix-run/node";
import {
  isGalleryPath,
  parseGalleryId,
  requireGalleryViewer,
  resolveGalleryPost,
  textWithoutMedia,
  viewOfNewsPost,
} from "./gallery.server";

const galleryPost: GalleryPost = {
  id: "504",
  slug: "goom-radio-polaroids",
  title: "GOOM Radio Polaroids",
  date: "2025-01-01T00:00:00",
  image: "/SpankBank/media/goom-polaroid-1-medium.jpg",
  contentHtml:
    '<p>Instant photos.</p>\n<figure class="wp-block-image"><img src="/a.jpg" alt="A" width="800" height="533" /></figure>\n<figure><video src="/v.mp4" controls></video></figure>',
  media: [
    { kind: "image", src: "/a.jpg", alt: "A", width: 800, height: 533 },
    { kind: "video", src: "/v.mp4", poster: null },
  ],
};

const newsPost = (over: Partial<NewsPost> = {}): NewsPost => ({
  id: "303",
  slug: "spankbank-goom-radio-polaroids",
  type: "spnkbnk",
  title: "SpankBank Throwback",
  contentHtml: '<p>A shoebox.</p><p><img src="/b.jpg" alt="B" width="10" height="20"></p>',
  excerpt: "",
  date: "2025-02-27T11:40:00",
  image: "/media/img/news/spnkbnk-throwback.svg",
  ...over,
});

function fakes(news: NewsPost | null) {
  const calls: string[] = [];
  const gallery: Gallery = {
    posts: async () => [galleryPost],
    postById: async (id) => (calls.push(`id:${id}`), id === 504 ? galleryPost : null),
    postBySlug: async (slug) => (calls.push(`gallery:${slug}`), slug === galleryPost.slug ? galleryPost : null),
  };
  const content = {
    postBySlug: async (slug: string) => (calls.push(`content:${slug}`), news && news.slug === slug ? news : null),
  } as unknown as Content;
  return { services: { gallery, content }, calls };
}

function status(fn: () => unknown): number | null {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof Response ? e.status : -1;
  }
}

describe("gallery post id (?id=)", () => {
  const url = (q: string) => new URL(`http://x/SpankBank/Post${q}`);
  it("is null when absent and a number when a positive integer", () => {
    expect(parseGalleryId(url(""))).toBeNull();
    expect(parseGalleryId(url("?id=501"))).toBe(501);
    expect(parseGalleryId(url("?id=%20502%20"))).toBe(502);
  });
  it("is a 400 for anything else", () => {
    for (const q of [
      "?id=",
      "?id=0",
      "?id=-1",
      "?id=1.5",
      "?id=abc",
      "?id=1e3",
      "?id=0x10",
      "?id=9999999999999999999",
    ]) {
      expect(
        status(() => parseGalleryId(url(q))),
        q,
      ).toBe(400);
    }
  });
  it("says what is wrong", async () => {
    try {
      parseGalleryId(url("?id=abc"));
    } catch (e) {
      expect(await (e as Response).text()).toMatch(/whole number from 1 up/);
      expect((e as Response).headers.get("Cache-Control")).toBe("private, no-store");
    }
  });
});

describe("resolving a post", () => {
  it("uses the id when present (never the slug)", async () => {
    const { services, calls } = fakes(newsPost());
    const view = await resolveGalleryPost(services, { id: 504, slug: null });
    expect(view?.source).toBe("gallery");
    expect(calls).toEqual(["id:504"]);
    expect(await resolveGalleryPost(services, { id: 1, slug: null })).toBeNull();
  });
  it("tries the gallery source first, then a spnkbnk content post", async () => {
    const { services, calls } = fakes(newsPost());
    expect((await resolveGalleryPost(services, { id: null, slug: "goom-radio-polaroids" }))?.source).toBe("gallery");
    const news = await resolveGalleryPost(services, { id: null, slug: "spankbank-goom-radio-polaroids" });
    expect(news?.source).toBe("news");
    expect(calls).toEqual([
      "gallery:goom-radio-polaroids",
      "gallery:spankbank-goom-radio-polaroids",
      "content:spankbank-goom-radio-polaroids",
    ]);
  });
  it("does not show other news types or unknown slugs", async () => {
    expect(
      await resolveGalleryPost(fakes(newsPost({ type: "dth_news" })).services, {
        id: null,
        slug: "spankbank-goom-radio-polaroids",
      }),
    ).toBeNull();
    expect(await resolveGalleryPost(fakes(null).services, { id: null, slug: "nope" })).toBeNull();
    expect(await resolveGalleryPost(fakes(null).services, { id: null, slug: null })).toBeNull();
  });
  it("splits a gallery post into images, videos and text without media", async () => {
    const view = await resolveGalleryPost(fakes(null).services, { id: 504, slug: null });
    expect(view?.images).toEqual([{ src: "/a.jpg", alt: "A", width: 800, height: 533 }]);
    expect(view?.videos).toEqual([{ src: "/v.mp4", poster: null }]);
    expect(view?.textHtml).toBe("<p>Instant photos.</p>");
  });
  it("renders a spnkbnk news post the same way, led by its featured image", () => {
    const view = viewOfNewsPost(newsPost());
    expect(view.images.map((i) => i.src)).toEqual(["/media/img/news/spnkbnk-throwback.svg", "/b.jpg"]);
    expect(view.textHtml).toBe("<p>A shoebox.</p>");
    expect(viewOfNewsPost(newsPost({ image: "/b.jpg" })).images.map((i) => i.src)).toEqual(["/b.jpg"]);
    expect(viewOfNewsPost(newsPost({ image: null, contentHtml: "<p>x</p>" })).images).toEqual([]);
  });
});

describe("post text", () => {
  it("keeps text and links, drops media, figures and empty paragraphs", () => {
    expect(
      textWithoutMedia(
        '<p>Hi <a href="https://x.test/" rel="noopener">there</a></p><p> </p><figure><img src="/a.jpg"></figure>',
      ),
    ).toBe('<p>Hi <a href="https://x.test/" rel="noopener">there</a></p>');
    expect(textWithoutMedia("<p>a<script>alert(1)</script></p>")).toBe("<p>a</p>");
  });
});

describe("where the 18+ confirmation may return to", () => {
  it("only SpankBank pages", () => {
    for (const ok of ["/SpankBank", "/spankbank", "/SpankBank/Post?id=501", "/SpankBank/Post/slug", "/SpankBank?x=1"])
      expect(isGalleryPath(ok), ok).toBe(true);
    for (const no of ["/", "/SpankBankX", "/user", "//evil.com/SpankBank", "https://evil.com/SpankBank"])
      expect(isGalleryPath(no), no).toBe(false);
  });
});

describe("who gets the gallery's media", () => {
  const asking = (uid: string | null, confirmed: () => Promise<boolean>) =>
    ({
      user: async () => (uid ? { uid } : null),
      services: { library: { isAdultConfirmed: confirmed } },
    }) as unknown as AppLoadContext;
  const refusal = (context: AppLoadContext) =>
    requireGalleryViewer(context).then(
      () => null,
      (e: Response) => ({
        status: e.status,
        cache: e.headers.get("Cache-Control"),
        location: e.headers.get("Location"),
      }),
    );

  it("a confirmed listener; never a redirect (an <img> cannot follow one to a page)", async () => {
    expect(await refusal(asking("u1", async () => true))).toBeNull();
    expect(await refusal(asking(null, async () => true))).toEqual({
      status: 401,
      cache: "private, no-store",
      location: null,
    });
    expect(await refusal(asking("u1", async () => false))).toEqual({
      status: 403,
      cache: "private, no-store",
      location: null,
    });
  });
  it("says 'try again' when the account cannot be read", async () => {
    const error = console.error;
    console.error = () => {};
    try {
      expect(await refusal(asking("u1", () => Promise.reject(new Error("down"))))).toMatchObject({ status: 503 });
    } finally {
      console.error = error;
    }
  });
});
