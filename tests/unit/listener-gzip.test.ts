import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { fillHole, fillParts, padTo } from "../../app/render/listener-page.server";
import type { Listener, Part } from "../../server/render/app-contract";
import { fillsReady, gzipTemplate, gzipTemplateBytes, spliceGzip } from "../../server/render/listener-gzip";

// A page's bytes as the render cache keeps them: one Latin-1 character per UTF-8 byte.
const bytes = (text: string) => Buffer.from(text, "utf8").toString("latin1");
// A card much like the site's: the same markup around each episode's own words.
const card = (i: number) =>
  bytes(
    `<article class="card"><a class="card__link" href="/episode?title=%C3%89pisode%20${i}"><img src="/media/e${i}.jpg" alt="" width="320" height="180" loading="lazy">` +
      `<h2 class="card__title">Épisode ${i} — “Antennas”</h2></a><p class="card__text">${"Ham radio talk. ".repeat(i % 7)}</p>` +
      `<form method="post" action="/up-next" class="up-next"><input type="hidden" name="audioSrc" value="/media/e${i}.mp3"/>` +
      `<button type="submit" name="intent" value="next" class="up-next-button" aria-label="Play next: Épisode ${i}" title="Play next">` +
      `<svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><use href="/icons.svg#queue-next"></use></svg></button></form>`,
  );

function page(hearts: number): Part[] {
  const parts: Part[] = [
    bytes('<!DOCTYPE html><html><head><script nonce="'),
    { nonce: true },
    '">boot()</script>',
    { continue: true, forms: [""] },
  ];
  for (let i = 0; i < hearts; i++) {
    const forms = [
      bytes(`<form>Mark épisode ${i} played</form>`),
      bytes(`<p>Played</p><form>Mark ${i} unplayed</form>`),
    ];
    const slot = 64;
    const [off, on] = [
      `<form><button aria-pressed="false">Save ${i} ♡</button></form>`,
      `<form><button aria-pressed="true">Saved ${i} ♥</button></form>`,
    ].map(bytes);
    parts.push(
      card(i),
      // A card's mark and its heart, one hole right after the other, each of one length.
      {
        position: { src: `/media/e${i}.mp3`, title: `Épisode ${i}`, back: "/" },
        forms: forms.map((f) => padTo(f, slot)),
        slot,
      },
      { favorite: `/media/e${i}.mp3`, off: padTo(off!, on!.length), on: on! },
    );
  }
  parts.push(
    '<script nonce="',
    { nonce: true },
    '">enqueue("[\\"listener\\",\\"',
    { listener: "html" },
    '\\",\\"positions\\",\\"',
    { data: { positions: ["/media/e0.mp3", "/media/e7.mp3"] }, form: "html", forms: ["{}"] },
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
    // Their own mark where they saved the episode, else the hole's first form.
    position: (h) =>
      favorites.includes(h.position.src) ? padTo(bytes(`<p>${h.position.title}: 3 min left</p>`), h.slot) : h.forms[0]!,
    continueHtml: favorites.length ? bytes(`<section>Continue listening: ${favorites.length} épisodes</section>`) : "",
    pageData: (hole, form) =>
      favorites.length ? bytes(`${form} ${JSON.stringify(hole)} ${favorites.join(" ")}`) : "{}",
  };
};

/** One response's body as a client gets it: gunzipped (zlib checks the trailer's CRC-32 and length). */
async function splicedBody(parts: Part[], who: Listener | null, nonce = crypto.randomBytes(16).toString("base64")) {
  const gz = spliceGzip(await gzipTemplate(parts), parts, (hole) => fillHole(hole, nonce, who));
  if (gz === null) return { gz, body: null, expected: fillParts(parts, nonce, who) };
  return {
    gz,
    body: zlib.gunzipSync(gz).toString("latin1"),
    expected: fillParts(parts, nonce, who),
  };
}

describe("a listener's page spliced as gzip", () => {
  it("gunzips to the very bytes the fill gives, for any listener and nonce", async () => {
    for (const who of [
      listener([]),
      listener(["/media/e0.mp3", "/media/e7.mp3", "/media/e25.mp3"]),
      // Holes past the stored-block size are deflated per response.
      listener(
        Array.from({ length: 26 }, (_, i) => `/media/e${i}.mp3`),
        `,"restore":${JSON.stringify({ notes: "x".repeat(70_000) })}`,
      ),
    ]) {
      const { body, expected } = await splicedBody(page(26), who);
      expect(body).toBe(expected);
    }
  });

  it("sends the heart's forms deflated, not as they are", async () => {
    const { gz, body, expected } = await splicedBody(page(26), listener(["/media/e3.mp3"]));
    expect(body).toBe(expected);
    expect(gz!.length).toBeLessThan(expected.length);
    expect(gz!.toString("latin1")).not.toContain("aria-pressed");
  });

  it("a listener's own values go out as they are once, deflated after the card before them from then on", async () => {
    const parts = page(26);
    const template = await gzipTemplate(parts);
    const who = listener(["/media/e3.mp3", "/media/e11.mp3"]);
    const nonce = () => crypto.randomBytes(16).toString("base64");
    const splice = (n: string) => spliceGzip(template, parts, (hole) => fillHole(hole, n, who))!;
    const first = splice(nonce());
    await fillsReady();
    const n = nonce();
    const later = splice(n);
    expect(zlib.gunzipSync(later).toString("latin1")).toBe(fillParts(parts, n, who));
    expect(later.length).toBeLessThan(first.length);
  });

  it("refers back past the holes before a piece: a further card costs far less than one deflated on its own", async () => {
    for (const who of [listener([]), listener(["/media/e3.mp3", "/media/e11.mp3", "/media/e19.mp3"])]) {
      const [few, many] = [await splicedBody(page(13), who), await splicedBody(page(26), who)];
      const perCard = (many.gz!.length - few.gz!.length) / 13;
      const alone = zlib.deflateRawSync(Buffer.from(card(20), "latin1"), { level: 9 }).length;
      expect(perCard).toBeLessThan(alone / 2);
    }
  });

  it("counts what a template keeps: each piece once, and each form", async () => {
    const parts = page(26);
    const kept = gzipTemplateBytes(await gzipTemplate(parts));
    const { gz } = await splicedBody(parts, listener([]));
    expect(kept).toBeGreaterThan(gz!.length);
    // Holes filled from elsewhere (the listener's text, the nonce) keep no forms of their own.
    const elsewhere: Part[] = [{ listener: "html" }, { nonce: true }];
    expect((await gzipTemplate(elsewhere)).map((e) => ("forms" in e ? e.forms : null))).toEqual([[], []]);
  });

  it("no stand-in where a byte of the page could match it; the page is still whole", async () => {
    const parts: Part[] = [
      bytes('<p>Ham radio talk, ham radio talk.</p><script nonce="'),
      { nonce: true },
      bytes('">Ham radio talk, \u0001 ham radio talk.</script>'),
    ];
    expect((await gzipTemplate(parts)).map((e) => ("slot" in e ? e.slot : null))).toEqual([null, null, null]);
    for (const nonce of [crypto.randomBytes(16).toString("base64"), "short"]) {
      const { body, expected } = await splicedBody(parts, null, nonce);
      expect(body).toBe(expected);
    }
  });

  it("a stretch of cards asked for twice goes out as one piece from then on, to anyone with the same there", async () => {
    const parts = page(26);
    const template = await gzipTemplate(parts);
    const splice = (who: Listener) => {
      const n = crypto.randomBytes(16).toString("base64");
      const gz = spliceGzip(template, parts, (hole) => fillHole(hole, n, who), who)!;
      expect(zlib.gunzipSync(gz).toString("latin1")).toBe(fillParts(parts, n, who));
      return gz.length;
    };
    const saved = ["/media/e3.mp3", "/media/e11.mp3"];
    const [first, second] = [splice(listener(saved)), splice(listener(saved))];
    await fillsReady();
    const later = splice(listener(saved));
    expect(later).toBeLessThan(Math.min(first, second) * 0.8);
    expect(splice(listener(saved))).toBe(later);
  });

  /** Twelve listeners each under way in every card (values of their own in every such hole), and a splice checked against the fill. */
  async function underWayEverywhere() {
    const parts = page(26);
    const template = await gzipTemplate(parts);
    const base = listener([]);
    const own = Array.from({ length: 12 }, (_, i): Listener => ({
      ...base,
      position: (h) => padTo(bytes(`<p>${i}: ${h.position.title}</p>`), h.slot),
    }));
    const check = (who: Listener) => {
      const n = crypto.randomBytes(16).toString("base64");
      const gz = spliceGzip(template, parts, (hole) => fillHole(hole, n, who), who)!;
      expect(zlib.gunzipSync(gz).toString("latin1")).toBe(fillParts(parts, n, who));
    };
    return { own, check };
  }

  it("keeps each listener's own values apart, also past the bound on how many a stretch keeps", async () => {
    const { own, check } = await underWayEverywhere();
    for (let round = 0; round < 3; round++) {
      for (const who of [...own, ...own.slice(0, 3).reverse()]) check(who);
      await fillsReady();
    }
  });

  it("a stretch deflated for values numbered before the stretch started over never stands for other values", async () => {
    const { own, check } = await underWayEverywhere();
    // Each asked for twice (a deflate set off) while the others' values make the stretches start
    // over, before any deflate is done.
    for (const who of own) for (let i = 0; i < 2; i++) check(who);
    await fillsReady();
    // The last ones first: their keys are still kept, and numbered as the first ones' were.
    for (const who of [...own].reverse()) check(who);
  });

  it("a hole of one length filled with another: no gzip (the page is sent as it is)", async () => {
    const parts = page(3);
    const who = listener([]);
    const long: Listener = { ...who, position: () => "<p>".padEnd(200, "x") };
    expect((await splicedBody(parts, long)).gz).toBeNull();
    expect((await splicedBody(parts, who, "n".repeat(23))).gz).toBeNull();
  });
});

describe("padding a hole's forms to one length", () => {
  it("adds spaces inside the first tag, before a self-closing slash too", () => {
    expect(padTo('<div class="pos">x</div>', 27)).toBe('<div class="pos"   >x</div>');
    expect(padTo("<input/><b>", 13)).toBe("<input  /><b>");
    expect(padTo("no tag", 10)).toBe("no tag");
    expect(padTo("<b>longer</b>", 5)).toBe("<b>longer</b>");
  });
});
