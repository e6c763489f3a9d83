import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWordPressContent, createWordPressGallery } from "~/adapters/wordpress/content.server";
import { CATEGORY } from "~/rules/news";
import { startWordPress, type RealWordPress } from "../support/real/wordpress";

/**
 * The WordPress adapters against Debian's WordPress 6.1, with content posted the way an editor
 * does (REST API, application password). Pages of 10 here, so 13 news posts span two pages.
 */
let wp: RealWordPress;
const MEDIA = path.resolve("sample/gallery-media");
const posts: Record<string, { id: number; slug: string }> = {};

async function post(key: string, body: Record<string, unknown>) {
  posts[key] = (await wp.asEditor("posts", { body: { status: "publish", ...body } })) as { id: number; slug: string };
}

beforeAll(async () => {
  wp = await startWordPress();
  const images = [
    await wp.upload(`${MEDIA}/antenna-day-1.jpg`, "antenna-day-1.jpg"),
    await wp.upload(`${MEDIA}/antenna-day-2.jpg`, "antenna-day-2.jpg"),
    await wp.upload(`${MEDIA}/antenna-day-3.jpg`, "antenna-day-3.jpg"),
  ];
  for (let i = 1; i <= 13; i++) {
    await post(`news${i}`, {
      title: `Bunker bulletin ${i}`,
      content: `<p>Bulletin number ${i}.</p>`,
      categories: [CATEGORY.dth_news],
      featured_media: images[i % 3],
      date: `2026-01-${String(i).padStart(2, "0")}T12:00:00`,
    });
  }
  await post("secret", {
    title: "Members only",
    content: "<p>For the bunker crew.</p>",
    categories: [CATEGORY.dth_news],
    password: "bunker",
    featured_media: images[0],
    date: "2026-02-01T12:00:00",
  });
  await post("slide", { title: "Live from the bunker", categories: [7], featured_media: images[1] });
  await post("gallery", {
    title: "Antenna day",
    content: `[gallery ids="${images.join(",")}"]`,
    categories: [CATEGORY.gallery],
    featured_media: images[0],
  });
  await post("draft", { title: "Not yet", content: "<p>draft</p>", categories: [CATEGORY.gallery], status: "draft" });
  await post("hostile", {
    title: "Weird <script>alert(1)</script> news",
    content:
      '<p onclick="alert(1)">Look</p><img src="http://images.example.test/old.jpg" onerror="alert(2)"><a href="javascript:alert(3)">x</a><script>alert(4)</script>',
    categories: [CATEGORY.wtfnews],
    date: "2025-12-01T12:00:00",
  });
}, 120_000);

afterAll(async () => {
  await wp?.close();
});

const content = () => createWordPressContent({ apiUrl: wp.apiUrl, perPage: 10 });
const gallery = () => createWordPressGallery({ apiUrl: wp.apiUrl, perPage: 10 });

async function fetchStatus(url: string) {
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, type: response.headers.get("content-type") };
}

describe("WordPress content (Debian's WordPress 6.1)", () => {
  it("lists every news post of a tab across WordPress's pages, each with its featured image", async () => {
    const tab = await content().newsTab("dth_news");
    expect(tab.map((p) => p.title).sort()).toEqual(
      Array.from({ length: 13 }, (_, i) => `Bunker bulletin ${i + 1}`).sort(),
    );
    for (const p of tab) {
      expect(p.image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/wp-content\/uploads\//);
      expect(await fetchStatus(p.image!)).toEqual({ status: 200, type: "image/jpeg" });
    }
  });

  it("gives the newest news first on the home page, with images", async () => {
    const latest = await content().latestNews(4);
    expect(latest.map((p) => p.title)).toEqual([
      "Bunker bulletin 13",
      "Bunker bulletin 12",
      "Bunker bulletin 11",
      "Bunker bulletin 10",
    ]);
    expect(latest.every((p) => p.image)).toBe(true);
  });

  it("fills the slider from featured images", async () => {
    const slides = await content().slider();
    expect(slides.map((s) => s.caption)).toEqual(["Live from the bunker"]);
    expect(await fetchStatus(slides[0]!.image)).toEqual({ status: 200, type: "image/jpeg" });
  });

  it("leaves password-protected posts out of lists and pages", async () => {
    const tab = await content().newsTab("dth_news");
    expect(tab.map((p) => p.slug)).not.toContain(posts.secret!.slug);
    expect(await content().postBySlug(posts.secret!.slug)).toBeNull();
  });

  it("sanitizes a hostile post and upgrades another host's http:// image", async () => {
    const hostile = await content().postBySlug(posts.hostile!.slug);
    expect(hostile).not.toBeNull();
    expect(hostile!.title).not.toMatch(/<script/i);
    expect(hostile!.contentHtml).not.toMatch(/onclick|onerror|javascript:|<script|alert\(4\)/i);
    expect(hostile!.contentHtml).toContain('src="https://images.example.test/old.jpg"');
  });
});

describe("WordPress gallery (Debian's WordPress 6.1)", () => {
  it("shows the full-size images of a [gallery] shortcode post, not its 150x150 thumbnails", async () => {
    const found = await gallery().postById(posts.gallery!.id);
    expect(found?.media).toHaveLength(3);
    for (const m of found!.media) {
      expect(m.src).not.toMatch(/-\d+x\d+\.jpg$/);
      expect(m.src).toMatch(/antenna-day-\d\.jpg$/);
      expect(await fetchStatus(m.src)).toEqual({ status: 200, type: "image/jpeg" });
    }
  });

  it("lists gallery posts with their featured image, never a draft", async () => {
    const list = await gallery().posts();
    expect(list.map((p) => p.title)).toEqual(["Antenna day"]);
    expect(list[0]!.image).toMatch(/\/wp-content\/uploads\/.+\.jpg$/);
  });

  it("answers null (a 404 page) for a draft's id, which WordPress refuses with 401", async () => {
    const refused = await fetch(`${wp.apiUrl}/posts/${posts.draft!.id}`);
    expect(refused.status).toBe(401);
    expect(await gallery().postById(posts.draft!.id)).toBeNull();
    expect(await gallery().postById(999_999)).toBeNull();
  });

  it("finds a gallery post by slug", async () => {
    expect((await gallery().postBySlug(posts.gallery!.slug))?.id).toBe(String(posts.gallery!.id));
  });
});
