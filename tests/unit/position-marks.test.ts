import { describe, expect, it } from "vitest";
import { isPlayed, minutesLeft, PLAYED_WITHIN_END_S } from "~/rules/library";
import { continueHtml, plainMarks, POSITION_HOLE, positionHole, positionHtml } from "~/render/position-marks";
import { positionOf } from "~/services/library-input.server";
import type { AppLoadContext } from "@remix-run/node";
import { encode } from "turbo-stream";
import { dataHoleText, fillParts, listenerOf, toParts } from "~/render/listener-page.server";

const target = { src: "/media/audio/a.mp3", title: `Rock & "Roll" <b>`, back: "/search?term=a&page=2" };

describe("issue 35 §1 marks", () => {
  it("an episode is played at its end or past its last 30 s, not before; unknown length never", () => {
    expect(PLAYED_WITHIN_END_S).toBe(30);
    expect(isPlayed(569, 600)).toBe(false);
    expect(isPlayed(570, 600)).toBe(true);
    expect(isPlayed(600, 600)).toBe(true);
    expect(isPlayed(5000, 0)).toBe(false);
    expect(positionOf({ AudioSrc: "/a.mp3", AudioTitle: "A", AudioImg: "", Duration: 600, currentTime: 575 })).toEqual({
      audioSrc: "/a.mp3",
      audioTitle: "A",
      position: 575,
      duration: 600,
      played: true,
    });
  });

  it("minutes left round up, so the last seconds still say 1 min", () => {
    expect(minutesLeft(0, 3600)).toBe("60 min left");
    expect(minutesLeft(3599, 3600)).toBe("1 min left");
    expect(minutesLeft(60, 181)).toBe("3 min left");
  });

  it("shows a named bar and minutes left, Played, or nothing, each with the form that flips it", () => {
    const under = positionHtml(target, { position: 120, duration: 600, played: false });
    expect(under).toContain(
      `<progress class="pos__bar" max="600" value="120" aria-label="Listened to Rock &#38; &#34;Roll&#34; &#60;b&#62;">`,
    );
    expect(under).toContain("8 min left");
    expect(under).toContain(`name="intent" value="played"`);
    expect(under).toContain(`name="redirectTo" value="/search?term=a&#38;page=2"`);
    const played = positionHtml(target, { position: 600, duration: 600, played: true });
    expect(played).toContain(">Played<");
    expect(played).toContain(`name="intent" value="unplayed"`);
    expect(played).not.toContain("<progress");
    expect(positionHtml(target, undefined)).not.toMatch(/<progress|Played</);
    expect(continueHtml([])).toBe("");
  });

  it("no title can open a tag; a template's hole is cut back to the episode it names", () => {
    const html = `<p>x</p><div class="pos-mark">${positionHole(target)}</div>`;
    expect(positionHole(target)).not.toContain("<b>");
    const parts = toParts(Buffer.from(html), "", true);
    expect(parts).toEqual([
      '<p>x</p><div class="pos-mark">',
      { position: target, forms: expect.any(Array) as string[], slot: expect.any(Number) as number },
      "</div>",
    ]);
    // Its forms (not started, played) padded to one length, longer than any bar a card can show.
    const hole = parts[1] as { forms: string[]; slot: number };
    expect(hole.forms.map((f) => f.replace(/<div class="pos" +>/, '<div class="pos">'))).toEqual(
      plainMarks(target).map((f) => Buffer.from(f).toString("latin1")),
    );
    expect(hole.forms.map((f) => f.length)).toEqual([hole.slot, hole.slot]);
    const longest = positionHtml(target, { position: 9_999_000, duration: 9_999_998, played: false });
    expect(Buffer.byteLength(longest)).toBeLessThanOrEqual(hole.slot);
  });

  it("a page's positions are one string of its data: a template's is cut in .data and in a page, and filled as the loader writes it", async () => {
    const stream = async (positions: string) =>
      new Response(encode({ "routes/_index": { data: { positions } } })).text();
    /** The stream in a page's inline script, escaped as Remix escapes it. */
    const script = (data: string) =>
      `<script>enqueue(${JSON.stringify(data).replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)})</script>`;
    const shown = ["/a.mp3", "/b&<c>.mp3"];
    const template = await stream(dataHoleText({ positions: shown }));
    const stored = [
      { audioSrc: "/b&<c>.mp3", audioTitle: "B", position: 5, duration: 60, played: false, updatedAt: 2 },
      { audioSrc: "/elsewhere.mp3", audioTitle: "E", position: 9, duration: 60, played: false, updatedAt: 1 },
    ];
    const context = {
      listener: async () => ({ user: { id: "u1", email: "é@example.com" }, favorites: [], restore: null }),
      services: { positions: { list: async () => stored } },
    } as unknown as AppLoadContext;
    const mine = await stream(JSON.stringify({ "/b&<c>.mp3": { position: 5, duration: 60, played: false } }));
    for (const [body, expected, form] of [
      [template, mine, "data"],
      [script(template), script(mine), "html"],
    ] as const) {
      const parts = toParts(Buffer.from(body), "", true);
      expect(parts.filter((p) => typeof p !== "string")).toEqual([{ data: { positions: shown }, form, forms: ["{}"] }]);
      const listener = await listenerOf(context, parts);
      expect(Buffer.from(fillParts(parts, "", listener), "latin1").toString()).toBe(expected);
    }
    // Anything else is no hole, nor is the marker outside a template.
    expect(toParts(Buffer.from(script(template)), "", false)).toHaveLength(1);
    expect(toParts(Buffer.from(await stream(`"${"0".repeat(32)}:e30"`)), "", true)).toHaveLength(1);
  });
});

describe("a listener made for a page's holes (ADR 056)", () => {
  const body = `<div><${POSITION_HOLE} data-src="${target.src}" data-title="t" data-back="/"></${POSITION_HOLE}></div>`;
  const at = (position: number) => [
    { audioSrc: target.src, audioTitle: "t", position, duration: 600, played: false, updatedAt: position },
  ];
  const contextOf = (data: object, stored: object) =>
    ({
      listener: async () => data,
      services: { positions: { list: async () => stored } },
    }) as unknown as AppLoadContext;

  it("is made once while their data and positions are the same objects, and anew when either is another", async () => {
    const parts = toParts(Buffer.from(body), "", true);
    expect(parts).toHaveLength(3);
    const data = { user: { id: "u1", email: null }, favorites: [], restore: null };
    const first = at(120);
    const one = await listenerOf(contextOf(data, first), parts);
    expect(await listenerOf(contextOf(data, first), parts)).toBe(one);
    // A write gives another list (the store keeps none it changed): the mark follows it.
    const later = await listenerOf(contextOf(data, at(300)), parts);
    expect(later).not.toBe(one);
    expect(fillParts(parts, "", later)).toContain("5 min left");
    expect(fillParts(parts, "", one)).toContain("8 min left");
    // Equal but not the same: made again (stores that answer with new objects are never mistaken).
    expect(await listenerOf(contextOf({ ...data }, first), parts)).not.toBe(one);
  });
});
