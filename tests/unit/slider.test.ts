import { describe, expect, it } from "vitest";
import { contentPagePath, contentPageUrl, slideTarget } from "~/rules/slider";

const SITE = "https://www.hamradioshow.net";

describe("slideTarget (docs/product.md §2 Slider: content-site links → /Page/<path>, others in a new tab)", () => {
  it("sends a content-site link to /Page/<path>, with or without www", () => {
    expect(slideTarget("https://www.hamradioshow.net/live-event/", SITE)).toEqual({
      kind: "internal",
      href: "/Page/live-event",
    });
    expect(slideTarget("https://hamradioshow.net/live-event", SITE)).toEqual({
      kind: "internal",
      href: "/Page/live-event",
    });
    expect(slideTarget("http://hamradioshow.net/live-event", SITE)).toEqual({
      kind: "internal",
      href: "/Page/live-event",
    });
    expect(slideTarget("https://www.hamradioshow.net/live-event/", "https://hamradioshow.net")).toEqual({
      kind: "internal",
      href: "/Page/live-event",
    });
  });

  it("matches the host case-insensitively and drops query and fragment", () => {
    expect(slideTarget("HTTPS://WWW.HamRadioShow.NET/Tour/?utm=x#top", SITE)).toEqual({
      kind: "internal",
      href: "/Page/Tour",
    });
  });

  it("keeps a nested path as one encoded /Page segment that contentPagePath reads back", () => {
    const t = slideTarget("https://www.hamradioshow.net/2024/05/bunker-open-house/", SITE);
    expect(t).toEqual({ kind: "internal", href: "/Page/2024%2F05%2Fbunker-open-house" });
    const param = (t as { href: string }).href.slice("/Page/".length);
    expect(contentPagePath(param)).toBe("2024/05/bunker-open-house");
    expect(contentPagePath(decodeURIComponent(param))).toBe("2024/05/bunker-open-house");
  });

  it("handles a non-ASCII content-site path", () => {
    const t = slideTarget("https://www.hamradioshow.net/caf%C3%A9-night/", SITE);
    expect(t.kind).toBe("internal");
    expect(contentPagePath((t as { href: string }).href.slice(6))).toBe("café-night");
  });

  it("opens the content site's home page (no path) as a plain link", () => {
    expect(slideTarget("https://www.hamradioshow.net/", SITE)).toEqual({
      kind: "external",
      href: "https://www.hamradioshow.net/",
    });
  });

  it("opens other sites in a new tab, even ones that merely contain the content host", () => {
    expect(slideTarget("https://tickets.example.com/show", SITE)).toEqual({
      kind: "external",
      href: "https://tickets.example.com/show",
    });
    expect(slideTarget("https://hamradioshow.net.evil.example/x", SITE).kind).toBe("external");
    expect(slideTarget("https://evil.example/?next=https://www.hamradioshow.net/x", SITE).kind).toBe("external");
    expect(slideTarget("https://www.hamradioshow.net@evil.example/x", SITE)).toEqual({
      kind: "external",
      href: "https://evil.example/x",
    });
    expect(slideTarget("https://sub.hamradioshow.net/x", SITE).kind).toBe("external");
  });

  it("never makes a link of a hostile or non-web URL", () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "mailto:a@b.c",
      "file:///etc/passwd",
      "ftp://www.hamradioshow.net/x",
      "//evil.example/x",
      "/relative/path",
      "not a url",
      "",
      "   ",
      null,
      undefined,
    ]) {
      expect(slideTarget(url, SITE)).toEqual({ kind: "none" });
    }
  });

  it("opens a content-site link whose path /Page would refuse as a plain link, not a broken /Page", () => {
    const t = slideTarget("https://www.hamradioshow.net/a%2F..%2F..%2Fadmin", SITE);
    expect(t.kind).toBe("external");
    expect(slideTarget("https://www.hamradioshow.net/weird%25path", SITE).kind).toBe("external");
  });

  it("returns none when the content-site setting itself is broken", () => {
    expect(slideTarget("https://www.hamradioshow.net/x", "not a url")).toEqual({ kind: "none" });
  });
});

describe("contentPagePath (/Page/:url: only safe content-site paths)", () => {
  it("accepts plain and nested paths, trimming slashes", () => {
    expect(contentPagePath("about-the-bunker")).toBe("about-the-bunker");
    expect(contentPagePath("/2024/05/post/")).toBe("2024/05/post");
    expect(contentPagePath("2024%2F05%2Fpost")).toBe("2024/05/post");
    expect(contentPagePath("v1.2_notes~x")).toBe("v1.2_notes~x");
    expect(contentPagePath("café")).toBe("café");
  });

  it.each([
    ["", "empty"],
    ["/", "only a slash"],
    ["..", "parent"],
    ["../etc/passwd", "traversal"],
    ["a/../../b", "inner traversal"],
    ["./a", "dot segment"],
    ["a/./b", "inner dot segment"],
    ["%2e%2e%2fetc%2fpasswd", "encoded traversal"],
    ["%2E%2E/%2E%2E/x", "upper-case encoded traversal"],
    ["%252e%252e%252f", "double-encoded traversal"],
    ["..%5c..%5cwindows", "encoded backslash"],
    ["a\\b", "backslash"],
    ["a//b", "empty segment"],
    ["//evil.example", "protocol-relative (leading slashes are trimmed, but then...)"],
    ["https://evil.example", "absolute URL"],
    ["https:%2F%2Fevil.example", "encoded absolute URL"],
    ["javascript:alert(1)", "javascript"],
    ["a?b=c", "query"],
    ["a#b", "fragment"],
    ["a b", "space"],
    ["a%00b", "null byte"],
    ["<script>", "markup"],
    ["%E0%A4%A", "malformed encoding"],
    ["x".repeat(201), "too long"],
  ])("refuses %j (%s)", (param) => {
    if (param === "//evil.example") {
      // Leading slashes are trimmed: what is left is a harmless path on the content site itself.
      expect(contentPagePath(param)).toBe("evil.example");
      expect(new URL(contentPageUrl("evil.example", SITE)).origin).toBe(SITE);
      return;
    }
    expect(contentPagePath(param)).toBeNull();
  });

  it("always builds a URL on the content site", () => {
    expect(contentPageUrl("about", SITE)).toBe("https://www.hamradioshow.net/about/");
    expect(contentPageUrl("2024/05/post", SITE)).toBe("https://www.hamradioshow.net/2024/05/post/");
    expect(contentPageUrl("café", SITE)).toBe("https://www.hamradioshow.net/caf%C3%A9/");
    for (const p of ["about", "a.b", "x~y", "evil.example"]) expect(new URL(contentPageUrl(p, SITE)).origin).toBe(SITE);
  });
});
