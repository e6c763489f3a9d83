import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../server/security";

const nonce = () => "'nonce-x'";
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
