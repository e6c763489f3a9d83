import { describe, expect, it } from "vitest";
import { escapeUnsafePathEscapes } from "../../server/path-guard";

describe("escapeUnsafePathEscapes (server path guard)", () => {
  it("leaves ordinary URLs alone", () => {
    for (const u of ["/", "/News/a-post", "/episode?title=a%5Cb%09c", "/Page/2024%2F05%2Fx", "/search?term=%00"]) {
      expect(escapeUnsafePathEscapes(u)).toBe(u);
    }
  });

  it("encodes backslash and control-character escapes in the path once more", () => {
    expect(escapeUnsafePathEscapes("/%5C")).toBe("/%255C");
    expect(escapeUnsafePathEscapes("/%5c/")).toBe("/%255c/");
    expect(escapeUnsafePathEscapes("/%09/")).toBe("/%2509/");
    expect(escapeUnsafePathEscapes("/%5C%2F?x=%5C")).toBe("/%255C%2F?x=%5C");
    expect(escapeUnsafePathEscapes("/a\\b")).toBe("/a%255Cb");
    expect(escapeUnsafePathEscapes("/%7F%1F%00")).toBe("/%257F%251F%2500");
  });

  it("gives paths that URL parsing keeps on the same origin", () => {
    for (const u of ["/%5C", "/%5C%5C", "/%09/", "/%5C/", "/%5C%2F"]) {
      const decoded = decodeURIComponent(escapeUnsafePathEscapes(u));
      expect(new URL(decoded, "http://localhost").host).toBe("localhost");
    }
  });
});
