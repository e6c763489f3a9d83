import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { fillHole, fillParts } from "../../app/render/listener-page.server";
import type { Listener, Part } from "../../server/render/app-contract";
import { gzipTemplate, gzipTemplateBytes, spliceGzip } from "../../server/render/listener-gzip";

// A page's bytes as the render cache keeps them: one Latin-1 character per UTF-8 byte.
const bytes = (text: string) => Buffer.from(text, "utf8").toString("latin1");
const card = (i: number) =>
  bytes(`<article><h2>Épisode ${i} — “Antennas”</h2><p>${"Ham radio talk. ".repeat(i % 7)}</p>`);

function page(hearts: number): Part[] {
  const parts: Part[] = [
    bytes('<!DOCTYPE html><html><head><script nonce="'),
    { nonce: true },
    '">boot()</script>',
    { continue: true },
  ];
  for (let i = 0; i < hearts; i++)
    parts.push(
      card(i),
      // A card's mark and its heart, one hole right after the other.
      { position: { src: `/media/e${i}.mp3`, title: `Épisode ${i}`, back: "/" } },
      {
        favorite: `/media/e${i}.mp3`,
        off: bytes(`<form><button aria-pressed="false">Save ${i} ♡</button></form>`),
        on: bytes(`<form><button aria-pressed="true">Saved ${i} ♥</button></form>`),
      },
    );
  parts.push(
    '<script nonce="',
    { nonce: true },
    '">enqueue("[\\"listener\\",\\"',
    { listener: "html" },
    '\\",\\"positions\\",\\"',
    { data: { positions: ["/media/e0.mp3", "/media/e7.mp3"] }, form: "html" },
    '\\"]")</script></html>',
  );
  return parts;
}

const listener = (favorites: string[], extra = ""): Listener => {
  const text = bytes(`{"user":{"id":"u1","email":"zoë@example.com"},"favorites":${JSON.stringify(favorites)}${extra}}`);
  return {
    data: text,
    html: text,
    favorites: new Set(favorites),
    position: (t) => (favorites.includes(t.src) ? bytes(`<p>${t.title}: 3 min left</p>`) : ""),
    continueHtml: bytes(`<section>Continue listening: ${favorites.length} épisodes</section>`),
    pageData: (hole, form) => bytes(`${form} ${JSON.stringify(hole)} ${favorites.join(" ")}`),
  };
};

describe("a listener's page spliced as gzip", () => {
  it("gunzips to the very bytes the fill gives, for any listener and nonce", async () => {
    const parts = page(26);
    const template = await gzipTemplate(parts);
    const cases = [
      listener([]),
      listener(["/media/e0.mp3", "/media/e7.mp3", "/media/e25.mp3"]),
      // Holes past the stored-block size are deflated per response.
      listener(
        Array.from({ length: 26 }, (_, i) => `/media/e${i}.mp3`),
        `,"restore":${JSON.stringify({ notes: "x".repeat(70_000) })}`,
      ),
    ];
    for (const who of cases) {
      const nonce = crypto.randomBytes(16).toString("base64");
      const gz = Buffer.from(
        spliceGzip(template, parts, (hole) => fillHole(hole, nonce, who)),
        "latin1",
      );
      // zlib checks the CRC-32 and the length in the trailer.
      expect(zlib.gunzipSync(gz).toString("latin1")).toBe(fillParts(parts, nonce, who));
    }
  });

  it("sends the heart's forms deflated, not as they are", async () => {
    const parts = page(26);
    const who = listener(["/media/e3.mp3"]);
    const gz = spliceGzip(await gzipTemplate(parts), parts, (hole) => fillHole(hole, "n".repeat(24), who));
    const identity = fillParts(parts, "n".repeat(24), who);
    expect(gz.length).toBeLessThan(identity.length);
    expect(gz).not.toContain("aria-pressed");
  });

  it("counts what a template keeps: a piece per form of the hole before it, and each form", async () => {
    const parts = page(26);
    const kept = gzipTemplateBytes(await gzipTemplate(parts));
    const gz = spliceGzip(await gzipTemplate(parts), parts, (hole) => fillHole(hole, "n".repeat(24), listener([])));
    expect(kept).toBeGreaterThan(2 * gz.length);
    // Holes filled from elsewhere (the listener's text, their positions) keep no forms of their own.
    const elsewhere: Part[] = [{ listener: "html" }, { data: { continue: true }, form: "data" }, { continue: true }];
    expect(await gzipTemplate(elsewhere)).toEqual([{ forms: [] }, { forms: [] }, { forms: [] }]);
  });
});
