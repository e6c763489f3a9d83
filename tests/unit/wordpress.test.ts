import { describe, expect, it } from "vitest";
import {
  EMBED_HOSTS,
  extractMedia,
  featuredImage,
  mapGalleryPost,
  mapNewsPost,
  mapSliderItem,
  sanitizePostHtml,
  wpPostSchema,
  type WpPost,
} from "~/adapters/shapes/wordpress.server";

const post = (over: Partial<Record<string, unknown>> = {}): WpPost =>
  wpPostSchema.parse({
    id: 1,
    slug: "a-post",
    date: "2025-01-02T03:04:05",
    categories: [5],
    title: { rendered: "A &amp; B&#8217;s <em>post</em>" },
    content: { rendered: "<p>Hello</p>" },
    ...over,
  });

describe("sanitizePostHtml", () => {
  it("keeps ordinary post markup", () => {
    const html =
      '<p>Hi <strong>there</strong> <a href="https://example.com/x">link</a></p><ul><li>one</li></ul><blockquote>q</blockquote><h2>T</h2>';
    const out = sanitizePostHtml(html);
    expect(out).toContain("<strong>there</strong>");
    expect(out).toContain("<ul><li>one</li></ul>");
    expect(out).toContain("<blockquote>q</blockquote>");
    expect(out).toContain("<h2>T</h2>");
  });

  it("removes scripts, styles and their content", () => {
    const out = sanitizePostHtml(
      '<p>a</p><script>alert(1)</script><SCRIPT src="//evil/x.js"></SCRIPT><style>body{display:none}</style><p>b</p>',
    );
    expect(out).not.toMatch(/script|alert|style|display/i);
    expect(out).toBe("<p>a</p><p>b</p>");
  });

  it("removes every on* event handler", () => {
    const out = sanitizePostHtml(
      '<p onclick="x()">a</p><img src="https://e.com/a.jpg" onerror="alert(1)" onload="y()"><a href="https://e.com" onmouseover="z()">l</a><div ONFOCUS="q()" tabindex=1>d</div>',
    );
    expect(out).not.toMatch(/\son\w+=/i);
    expect(out).not.toMatch(/alert|x\(\)|y\(\)|z\(\)|q\(\)/);
  });

  it("removes javascript:, vbscript: and data: URLs (however they are disguised)", () => {
    const out = sanitizePostHtml(
      [
        '<a href="javascript:alert(1)">a</a>',
        '<a href="JaVaScRiPt:alert(1)">b</a>',
        '<a href=" javascript:alert(1)">c</a>',
        '<a href="java&#x09;script:alert(1)">d</a>',
        '<a href="&#106;avascript:alert(1)">e</a>',
        '<a href="vbscript:msgbox(1)">f</a>',
        '<a href="data:text/html,<script>alert(1)</script>">g</a>',
        '<img src="javascript:alert(1)">',
        '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
        '<video src="javascript:alert(1)"></video>',
        '<iframe src="javascript:alert(1)"></iframe>',
      ].join(""),
    );
    expect(out).not.toMatch(/javascript|vbscript|data:|alert|msgbox/i);
  });

  it("removes srcdoc, <base>, <object>, <embed>, <form>, <meta>, <link> and <svg>", () => {
    const out = sanitizePostHtml(
      '<iframe srcdoc="<script>alert(1)</script>" src="https://www.youtube.com/embed/x"></iframe><base href="https://evil.example/"><object data="x.swf"></object><embed src="x.swf"><form action="https://evil"><input name="p"></form><meta http-equiv="refresh" content="0;url=https://evil"><link rel="stylesheet" href="https://evil/x.css"><svg><script>alert(1)</script></svg>',
    );
    expect(out).not.toMatch(/srcdoc|<base|<object|<embed|<form|<input|<meta|<link|<svg|alert|evil/i);
    expect(out).toContain('<iframe src="https://www.youtube.com/embed/x"></iframe>');
  });

  it("keeps iframes from the allow-listed video hosts only", () => {
    expect(EMBED_HOSTS).toEqual(["www.youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"]);
    const ok = sanitizePostHtml(
      '<iframe src="https://www.youtube.com/embed/a" title="t" width="560" height="315" allowfullscreen></iframe><iframe src="https://player.vimeo.com/video/1"></iframe><iframe src="https://www.youtube-nocookie.com/embed/b"></iframe>',
    );
    expect(ok.match(/<iframe/g)).toHaveLength(3);
    expect(ok).toContain('title="t"');
    for (const bad of [
      "https://evil.example/embed",
      "https://youtube.com.evil.example/embed/a",
      "https://evil.example/?https://www.youtube.com/",
      "//www.youtube.com/embed/a",
      "http://localhost:3000/",
      "/relative",
      "https://www.youtube.com@evil.example/",
    ]) {
      expect(sanitizePostHtml(`<iframe src="${bad}"></iframe>`), bad).not.toMatch(/<iframe[^>]*src=/);
    }
  });

  it("drops style, class, id and other unlisted attributes", () => {
    const out = sanitizePostHtml(
      '<p style="position:fixed" class="x" id="y" data-x="1">a</p><img src="https://e.com/a.jpg" style="x" srcset="https://evil/1x">',
    );
    expect(out).toBe('<p>a</p><img src="https://e.com/a.jpg" loading="lazy" decoding="async" />');
  });

  it("opens external links in a new tab with noopener", () => {
    const out = sanitizePostHtml(
      '<a href="https://example.com/" target="_self" rel="opener">x</a><a href="/News/y">y</a><a href="mailto:show@example.com">m</a>',
    );
    expect(out).toContain('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">x</a>');
    expect(out).toContain('<a href="/News/y">y</a>');
    expect(out).toContain('<a href="mailto:show@example.com">m</a>');
  });

  it("lazy-loads images and gives videos controls", () => {
    expect(sanitizePostHtml('<img src="https://e.com/a.jpg" alt="A">')).toBe(
      '<img src="https://e.com/a.jpg" alt="A" loading="lazy" decoding="async" />',
    );
    expect(sanitizePostHtml('<video src="https://e.com/v.mp4" autoplay></video>')).toBe(
      '<video src="https://e.com/v.mp4" controls preload="metadata"></video>',
    );
  });

  it("escapes stray angle brackets in text and never lets a broken tag through", () => {
    const out = sanitizePostHtml("1 < 2 > 0 <p>ok</p><img src=x onerror=alert(1)//");
    expect(out).not.toMatch(/onerror|alert/);
    expect(out).toContain("1 &lt; 2 &gt; 0");
  });
});

describe("featuredImage (docs/product.md §3: each of the three sources)", () => {
  it("uses featured_media_src_url first", () => {
    expect(
      featuredImage(post({ featured_media_src_url: "/a.jpg", better_featured_image: { source_url: "/b.jpg" } })),
    ).toBe("/a.jpg");
  });

  it("falls back to better_featured_image, at the requested size, else its source_url", () => {
    const bfi = {
      source_url: "/full.jpg",
      media_details: { sizes: { medium: { source_url: "/medium.jpg" }, large: { source_url: "/large.jpg" } } },
    };
    expect(featuredImage(post({ better_featured_image: bfi }))).toBe("/medium.jpg");
    expect(featuredImage(post({ better_featured_image: bfi }), "large")).toBe("/large.jpg");
    expect(featuredImage(post({ better_featured_image: bfi }), "thumbnail")).toBe("/full.jpg");
    expect(featuredImage(post({ featured_media_src_url: "  ", better_featured_image: bfi }))).toBe("/medium.jpg");
  });

  it("falls back to _embedded wp:featuredmedia", () => {
    const emb = {
      "wp:featuredmedia": [
        { source_url: "/emb.jpg", media_details: { sizes: { medium: { source_url: "/emb-m.jpg" } } } },
      ],
    };
    expect(featuredImage(post({ _embedded: emb }))).toBe("/emb-m.jpg");
    expect(featuredImage(post({ _embedded: { "wp:featuredmedia": [{ source_url: "/only.jpg" }] } }))).toBe("/only.jpg");
  });

  it("is null when there is none", () => {
    expect(featuredImage(post())).toBeNull();
    expect(featuredImage(post({ _embedded: { "wp:featuredmedia": [] } }))).toBeNull();
    expect(featuredImage(post({ featured_media_src_url: null, better_featured_image: null }))).toBeNull();
  });
});

describe("wpPostSchema", () => {
  it("accepts acf as an object or as WordPress's empty array", () => {
    expect(post({ acf: [] }).acf).toEqual([]);
    expect(post({ acf: { sliderurl: "https://x" } }).acf).toEqual({ sliderurl: "https://x" });
  });

  it("refuses a post without id, slug, title or content", () => {
    for (const bad of [{ id: "x" }, { slug: "" }, { title: "no rendered" }, { content: null }]) {
      expect(wpPostSchema.safeParse({ ...post(), ...bad }).success).toBe(false);
    }
  });

  it("defaults categories to []", () => {
    const { categories, ...rest } = post();
    expect(categories).toEqual([5]);
    expect(wpPostSchema.parse(rest).categories).toEqual([]);
  });
});

describe("mapNewsPost / mapSliderItem / mapGalleryPost", () => {
  it("maps a news post: decoded plain title, sanitized content, type from categories", () => {
    const n = mapNewsPost(
      post({
        categories: [4],
        content: { rendered: "<p>x</p><script>bad()</script>" },
        excerpt: { rendered: "<p>An &amp; excerpt</p>" },
        featured_media_src_url: "/i.jpg",
      }),
    );
    expect(n).toMatchObject({
      id: "1",
      slug: "a-post",
      type: "wtfnews",
      title: "A & B’s post",
      contentHtml: "<p>x</p>",
      excerpt: "An & excerpt",
      image: "/i.jpg",
    });
  });

  it("maps a slider item: caption with tags stripped, sliderurl or null", () => {
    expect(
      mapSliderItem(
        post({
          categories: [7],
          acf: { sliderurl: " https://www.hamradioshow.net/x/ " },
          featured_media_src_url: "/s.jpg",
        }),
      ),
    ).toEqual({
      id: "1",
      image: "/s.jpg",
      caption: "A & B’s post",
      url: "https://www.hamradioshow.net/x/",
    });
    expect(mapSliderItem(post({ acf: { sliderurl: "" } })).url).toBeNull();
    expect(mapSliderItem(post({ acf: [] })).url).toBeNull();
    expect(mapSliderItem(post()).image).toBe("");
  });

  it("maps a gallery post with its images and videos in order", () => {
    const g = mapGalleryPost(
      post({
        categories: [23],
        content: {
          rendered:
            '<img src="https://e.com/1.jpg" alt="One &amp; only" width="800" height="600"><video src="https://e.com/v.mp4" poster="https://e.com/p.jpg"></video><img src="https://e.com/2.jpg"><img src="javascript:alert(1)" alt="bad">',
        },
        better_featured_image: { source_url: "/f.jpg" },
      }),
    );
    expect(g.image).toBe("/f.jpg");
    expect(g.media).toEqual([
      { kind: "image", src: "https://e.com/1.jpg", alt: "One & only", width: 800, height: 600 },
      { kind: "video", src: "https://e.com/v.mp4", poster: "https://e.com/p.jpg" },
      { kind: "image", src: "https://e.com/2.jpg", alt: "", width: null, height: null },
    ]);
  });

  it("extractMedia skips tags without a src", () => {
    expect(extractMedia("<img alt=x><video></video>")).toEqual([]);
  });
});

describe("media addresses in post HTML", () => {
  it("asks for another host's http:// image, video and poster over https, keeping the site's own", () => {
    const html =
      '<img src="http://images.example.test/a.jpg"><img src="http://cms.example.test:8080/wp-content/uploads/b.jpg"><video src="http://cdn.example.test/v.mp4" poster="http://cdn.example.test/p.jpg"></video><img src="https://ok.example.test/c.jpg">';
    const out = sanitizePostHtml(html, "http://cms.example.test:8080");
    expect(out).toContain('src="https://images.example.test/a.jpg"');
    expect(out).toContain('src="http://cms.example.test:8080/wp-content/uploads/b.jpg"');
    expect(out).toContain('src="https://cdn.example.test/v.mp4"');
    expect(out).toContain('poster="https://cdn.example.test/p.jpg"');
    expect(out).toContain('src="https://ok.example.test/c.jpg"');
    expect(sanitizePostHtml('<img src="http://cms.example.test:8080/x.jpg">')).toContain(
      "https://cms.example.test:8080/x.jpg",
    );
  });

  it("takes a WordPress upload's original instead of a size such as a [gallery] thumbnail", () => {
    const media = extractMedia(
      '<img src="https://cms.example.test/wp-content/uploads/2026/11/bunker-150x150.jpg" width="150" height="150"><img src="https://cms.example.test/wp-content/uploads/2026/11/plan-1024x768.png?v=2"><img src="https://other.example.test/photos/x-150x150.jpg" width="150" height="150">',
    );
    expect(media.map((m) => m.src)).toEqual([
      "https://cms.example.test/wp-content/uploads/2026/11/bunker.jpg",
      "https://cms.example.test/wp-content/uploads/2026/11/plan.png?v=2",
      "https://other.example.test/photos/x-150x150.jpg",
    ]);
    expect(media[0]).toMatchObject({ width: null, height: null });
    expect(media[2]).toMatchObject({ width: 150, height: 150 });
  });
});

describe("password-protected posts", () => {
  it("keeps WordPress's protected flag", () => {
    expect(post({ content: { rendered: "", protected: true } }).content.protected).toBe(true);
  });
});
