/**
 * CMS and listener text is untrusted. The cheap half of the XSS check: every payload of the XSS
 * corpus (tests/fixtures/xss-payloads.txt) straight through the server's post sanitizer and the
 * gallery text/media path. Each payload is its own test, named by the payload. The browser half is
 * tests/e2e/xss.spec.ts.
 *
 * sanitize-html writes normalized markup (every attribute value double-quoted, `<`, `>`, `&` and
 * `"` escaped in text and values), so reading its output back with a regular expression is exact.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  EMBED_HOSTS,
  extractMedia,
  featuredImage,
  mapGalleryPost,
  mapNewsPost,
  sanitizePostHtml,
  wpPostSchema,
} from "~/adapters/shapes/wordpress.server";
import {
  crewRowSchema,
  episodeRowSchema,
  mapCrewRow,
  mapEpisodeRow,
  sponsorRowSchema,
} from "~/adapters/shapes/catalog-rows.server";
import { safeUrl } from "~/rules/urls";
import { textWithoutMedia } from "~/route-support/gallery.server";
import { decodeEntities } from "~/adapters/shapes/html-text.server";

const PAYLOADS = fs
  .readFileSync(path.resolve(__dirname, "../fixtures/xss-payloads.txt"), "utf8")
  .split("\n")
  .filter((line) => line !== "" && !line.startsWith("# "));

/** The tags post HTML may contain (sanitize-html's defaults plus media and the allow-listed embeds). */
const ALLOWED_TAGS = new Set([
  "address",
  "article",
  "aside",
  "footer",
  "header",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hgroup",
  "main",
  "nav",
  "section",
  "blockquote",
  "dd",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "hr",
  "li",
  "main",
  "ol",
  "p",
  "pre",
  "ul",
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "br",
  "cite",
  "code",
  "data",
  "dfn",
  "em",
  "i",
  "kbd",
  "mark",
  "q",
  "rb",
  "rp",
  "rt",
  "rtc",
  "ruby",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
  "wbr",
  "caption",
  "col",
  "colgroup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "img",
  "video",
  "source",
  "iframe",
]);
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "poster",
  "action",
  "formaction",
  "xlink:href",
  "background",
  "data",
  "srcset",
  "cite",
]);

/** What is dangerous in sanitized markup; an empty list means safe. */
function dangers(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<([a-zA-Z][a-zA-Z0-9:-]*)([^>]*)>/g)) {
    const name = tag[1]!.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) found.push(`tag <${name}>`);
    const attributes = [...tag[2]!.matchAll(/\s([^\s="/>]+)(?:="([^"]*)")?/g)].map((a) => ({
      name: a[1]!.toLowerCase(),
      value: decodeEntities(a[2] ?? ""),
    }));
    for (const a of attributes) {
      if (a.name.startsWith("on")) found.push(`event handler ${a.name} on <${name}>`);
      if (a.name === "srcdoc" || a.name === "style") found.push(`${a.name} on <${name}>`);
      if (URL_ATTRIBUTES.has(a.name)) {
        const v = a.value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
        const scheme = /^([a-z][a-z0-9+.-]*):/.exec(v)?.[1];
        if (scheme ? !["http", "https", "mailto"].includes(scheme) : v.startsWith("//"))
          found.push(`${a.name}="${a.value}" on <${name}>`);
      }
    }
    if (name === "iframe") {
      const src = attributes.find((a) => a.name === "src")?.value;
      let host = "";
      try {
        host = src ? new URL(src).hostname : "";
      } catch {
        host = "";
      }
      if (!EMBED_HOSTS.includes(host)) found.push(`iframe from "${src ?? "(no src)"}"`);
    }
  }
  // Text never carries a raw angle bracket: anything that looks like markup is escaped.
  const text = html.replace(/<\/?[a-zA-Z][^>]*>/g, "");
  if (/[<>]/.test(text)) found.push(`unescaped angle bracket in text: ${text.slice(0, 80)}`);
  return found;
}

const wpPost = (html: string) =>
  wpPostSchema.parse({
    id: 1,
    slug: "s",
    date: "2025-01-01T00:00:00",
    categories: [23],
    title: { rendered: "t" },
    content: { rendered: html },
  });

describe("the XSS corpus", () => {
  it("has at least 50 payloads, no duplicates", () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(PAYLOADS).size).toBe(PAYLOADS.length);
  });

  it("the checker itself flags what it must (so a pass means something)", () => {
    expect(dangers("<script>alert(1)</script>")).toContain("tag <script>");
    expect(dangers('<img src="x" onerror="alert(1)" />')).toContain("event handler onerror on <img>");
    expect(dangers('<a href="&#106;avascript:alert(1)">x</a>')).toEqual(['href="javascript:alert(1)" on <a>']);
    expect(dangers('<iframe srcdoc="x"></iframe>')).toEqual(["srcdoc on <iframe>", 'iframe from "(no src)"']);
    expect(dangers("<base />")).toEqual(["tag <base>"]);
    expect(dangers('<p>a</p><iframe src="https://www.youtube.com/embed/x"></iframe><a href="/News">n</a>')).toEqual([]);
  });
});

describe.each(PAYLOADS.map((p, i) => [i, p] as const))("payload %i: %s", (_i, payload) => {
  it("post HTML (news, WTF news, spnkbnk): sanitized to nothing dangerous, stable when sanitized again", () => {
    const out = sanitizePostHtml(payload);
    expect(dangers(out), out).toEqual([]);
    // Sanitizing the output again changes nothing: no markup that re-parses into something else.
    expect(sanitizePostHtml(out)).toBe(out);
    expect(dangers(mapNewsPost(wpPost(payload)).contentHtml)).toEqual([]);
  });

  it("inside ordinary markup: nothing dangerous, the markup before it kept", () => {
    const out = sanitizePostHtml(`<p>before</p>${payload}<p>after</p>`);
    expect(dangers(out), out).toEqual([]);
    expect(out).toContain("before");
  });

  it("gallery post: the text without media and the media list are safe", () => {
    const post = mapGalleryPost(wpPost(payload));
    const text = textWithoutMedia(post.contentHtml);
    expect(dangers(text), text).toEqual([]);
    for (const m of [...post.media, ...extractMedia(post.contentHtml)]) {
      for (const url of [m.src, m.kind === "video" ? (m.poster ?? "") : ""]) {
        const v = url.replace(/[\u0000-\u0020]/g, "").toLowerCase();
        expect(/^[a-z][a-z0-9+.-]*:/.test(v) ? /^https?:/.test(v) : !v.startsWith("//"), `media URL ${url}`).toBe(true);
      }
    }
  });
});

/** URL fields of catalog and content rows end up in href/src attributes (React does not filter them). */
describe("URL fields: only web links reach an href or src", () => {
  const HOSTILE = [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "\u0001javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "livescript:alert(1)",
    "file:///etc/passwd",
  ];
  const SAFE = [
    "https://cdn.example.com/a.mp3",
    "http://example.com/x",
    "/media/audio/ep-audio-1.mp3",
    "media/x.jpg",
    "//cdn.example.com/a.jpg",
    "/page?x=javascript:1",
  ];

  it("safeUrl keeps web links and drops every other scheme", () => {
    for (const url of HOSTILE) expect(safeUrl(url), url).toBeNull();
    for (const url of SAFE) expect(safeUrl(url), url).toBe(url);
    expect(safeUrl("  ")).toBeNull();
  });

  const episode = {
    id: 1,
    title: "t",
    description: "d",
    EpisodeUrl: "/media/audio/ep-audio-1.mp3",
    pubdate: "2020-01-01",
    EpisodeDuration: 1,
  };
  it.each(HOSTILE)("%s: an episode with it as audio is skipped; as an image it falls back to the default", (url) => {
    expect(episodeRowSchema.safeParse({ ...episode, EpisodeUrl: url }).success).toBe(false);
    const e = mapEpisodeRow(episodeRowSchema.parse({ ...episode, PodcastImage: url, backgroundImage: url }), false);
    expect(safeUrl(e.image)).toBe(e.image);
    expect(safeUrl(e.backgroundImage)).toBe(e.backgroundImage);
    expect(e.image).not.toBe(url);
  });

  it.each(HOSTILE)("%s: a sponsor with it as link or logo is skipped", (url) => {
    const sponsor = { id: 1, SponsorLogo: "/media/img/sponsors/bunker-brew.svg", SPNSRLink: "https://example.com/" };
    expect(sponsorRowSchema.safeParse(sponsor).success).toBe(true);
    expect(sponsorRowSchema.safeParse({ ...sponsor, SPNSRLink: url }).success).toBe(false);
    expect(sponsorRowSchema.safeParse({ ...sponsor, SponsorLogo: url }).success).toBe(false);
  });

  it.each(HOSTILE)("%s: crew images and featured images are dropped", (url) => {
    const c = mapCrewRow(crewRowSchema.parse({ id: 1, Name: "n", ProfileImg: url, HeaderBGImage: url }));
    expect([c.profileImg, c.headerBgImage]).toEqual(["", ""]);
    const post = wpPostSchema.parse({
      id: 1,
      slug: "s",
      date: "2025-01-01T00:00:00",
      title: { rendered: "t" },
      content: { rendered: "" },
      featured_media_src_url: url,
      better_featured_image: { source_url: url },
    });
    expect(featuredImage(post)).toBeNull();
    expect(featuredImage({ ...post, better_featured_image: { source_url: "/media/img/a.jpg" } })).toBe(
      "/media/img/a.jpg",
    );
  });
});
