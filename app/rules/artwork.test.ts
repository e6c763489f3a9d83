import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SLIDE_WIDTHS, slideSources } from "./artwork";

const PUBLIC = path.resolve(__dirname, "../../public");
const bundledSlides = fs
  .readdirSync(path.join(PUBLIC, "media/img/slider"))
  .filter((f) => /^[\w-]+\.jpg$/.test(f))
  .map((f) => `/media/img/slider/${f}`);

describe("slideSources", () => {
  it("offers AVIF then WebP at every width for a bundled slide, and every file is there", () => {
    expect(bundledSlides.length).toBeGreaterThan(0);
    for (const slide of bundledSlides) {
      const sources = slideSources(slide);
      expect(sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
      for (const { srcSet } of sources) {
        const candidates = srcSet.split(", ").map((c) => c.split(" "));
        expect(candidates.map(([, w]) => w)).toEqual(SLIDE_WIDTHS.map((w) => `${w}w`));
        for (const [url] of candidates) {
          const file = path.join(PUBLIC, url!);
          expect(fs.existsSync(file), url).toBe(true);
          // Worth sending only when smaller than the JPEG it stands in for.
          expect(fs.statSync(file).size).toBeLessThan(fs.statSync(path.join(PUBLIC, slide)).size);
        }
      }
    }
  });

  it("leaves any other image alone (a production site's media, an SVG slide)", () => {
    expect(slideSources("https://www.hamradioshow.net/wp-content/uploads/slide.jpg")).toEqual([]);
    expect(slideSources("/media/img/news/spnkbnk-throwback.svg")).toEqual([]);
    expect(slideSources("/media/img/slider/../secret.jpg")).toEqual([]);
  });
});
