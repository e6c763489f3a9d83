import { describe, expect, it } from "vitest";
import type { IncomingMessage, ServerResponse } from "node:http";
import { allowFramingOfEmbeds, FRAMABLE_PATH } from "../../server/security";
import { contentSecurityPolicy, policyHeader } from "~/route-support/content-security-policy.server";
import { embedLink } from "~/rules/embed";

const nonce = "'nonce-x'";
const urls = {
  helpUrl: "https://help.example.test/",
  specialFeatureUrl: "https://special.example.test/",
  contentSiteUrl: "https://www.example.test",
  liveStreamUrl: "https://stream.example.test/live",
  production: true,
};

describe("Content-Security-Policy media sources", () => {
  it("allows the WordPress sites' own hosts whatever their scheme, and other hosts over https only", () => {
    const csp = contentSecurityPolicy([nonce], {
      ...urls,
      galleryUrl: "http://gallery.example.test/wp-json/wp/v2",
      wordpressUrl: "http://cms.example.test:8080/wp-json/wp/v2",
    });
    expect(csp["img-src"]).toEqual([
      "'self'",
      "data:",
      "https:",
      "http://gallery.example.test",
      "http://cms.example.test:8080",
    ]);
    expect(csp["media-src"]).toContain("http://cms.example.test:8080");
    expect(contentSecurityPolicy([nonce], urls)["img-src"]).toEqual(["'self'", "data:", "https:"]);
  });
});

describe("Content-Security-Policy form-action", () => {
  it("is this origin, plus the OAuth providers' authorization pages the sign-in forms redirect to", () => {
    expect(contentSecurityPolicy([nonce], urls)["form-action"]).toEqual(["'self'"]);
    expect(
      contentSecurityPolicy([nonce], urls, {
        signInOrigins: ["https://accounts.google.com", "https://www.facebook.com"],
      })["form-action"],
    ).toEqual(["'self'", "https://accounts.google.com", "https://www.facebook.com"]);
  });
});

describe("framing", () => {
  const ancestors = (url: string) => {
    const [source] = contentSecurityPolicy([nonce], urls)["frame-ancestors"] as [(path: string) => string];
    return source(url);
  };
  const afterHelmet = (url: string) => {
    const headers = new Map<string, string>([["X-Frame-Options", "SAMEORIGIN"]]);
    const res = {
      removeHeader: (name: string) => headers.delete(name),
      setHeader: (name: string, value: string) => headers.set(name, value),
    };
    allowFramingOfEmbeds({ url } as IncomingMessage, res as unknown as ServerResponse, () => undefined);
    return Object.fromEntries(headers);
  };

  it("a shared page's policy says the same for its path as a rendered one", () => {
    const shared = (url: string) => policyHeader(contentSecurityPolicy(["'sha256-x'"], urls), url);
    expect(shared("/embed/episode?title=x")).toContain("frame-ancestors *");
    expect(shared("/episode?title=x")).toContain("frame-ancestors 'none'");
    expect(shared("/")).toContain("script-src 'self' 'sha256-x' ");
  });

  it("lets any site frame the embeddable player and nothing else", () => {
    expect(FRAMABLE_PATH.test(embedLink("Pilot Light"))).toBe(true);
    expect(FRAMABLE_PATH.test(embedLink("Pilot Light", true))).toBe(true);
    expect(ancestors("/embed/episode?title=Pilot%20Light")).toBe("*");
    for (const url of ["/", "/episode?title=Pilot%20Light", "/oembed?url=/embed/", "/user?next=/embed/episode"])
      expect(ancestors(url), url).toBe("'none'");
    expect(afterHelmet("/embed/coldcut?title=x")).toEqual({ "Cross-Origin-Resource-Policy": "cross-origin" });
    expect(afterHelmet("/episode?title=x")).toEqual({ "X-Frame-Options": "SAMEORIGIN" });
  });
});
