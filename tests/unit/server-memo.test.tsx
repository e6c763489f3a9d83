// @vitest-environment node
/**
 * The server memo of rendered chrome (app/utils/server-memo.tsx, ADR 009): what it splices in
 * is exactly what rendering would have produced, it keys on its deps, checks itself, and the
 * site header memoized for one URL is right for another with the same inputs.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderToString } from "react-dom/server";
import { ServerMemo } from "~/utils/server-memo";
import { clearServerMemo, innerHtmlOf, renderWithServerMemo, VERIFY_EVERY } from "~/utils/server-memo.server";
import fs from "node:fs";
import path from "node:path";
import { SiteHeader } from "~/components/SiteHeader";
import { EpisodeGrid } from "~/components/Cards";
import { PlayerProvider } from "~/player/PlayerProvider";
import type { EpisodeCardData } from "~/services/types";
import { staticRenderer } from "./support/static-router";

beforeEach(() => clearServerMemo());

let renders = 0;
function Counted({ text }: { text: string }) {
  renders += 1;
  return (
    <p>
      {text} <b>{"<&>"}</b> <div>nested</div>
    </p>
  );
}

const page = (text: string, deps = text) => (
  <main>
    <ServerMemo id="region" deps={deps} className="c" aria-label="A region">
      <Counted text={text} />
      <div>
        <div>deep</div>
      </div>
    </ServerMemo>
    <div>after</div>
  </main>
);

describe("ServerMemo", () => {
  it("renders a region once per deps and splices the same markup in afterwards", () => {
    renders = 0;
    const fresh = renderToString(page("one"));
    const first = renderWithServerMemo(() => renderToString(page("one")));
    const second = renderWithServerMemo(() => renderToString(page("one")));
    expect(first).toBe(fresh);
    expect(second).toBe(fresh);
    expect(renders).toBe(2); // the plain render and the filling one; the third came from the memo
    expect(fresh).toContain('<main><div data-memo="region" class="c" aria-label="A region"><p>');
  });

  it("keys on deps: other inputs render afresh", () => {
    renders = 0;
    renderWithServerMemo(() => renderToString(page("one")));
    const two = renderWithServerMemo(() => renderToString(page("two")));
    expect(two).toBe(renderToString(page("two")));
    expect(renders).toBe(3);
  });

  it("takes deps as a function, called only on the server render", () => {
    const deps = vi.fn(() => "k");
    const html = renderWithServerMemo(() =>
      renderToString(
        <ServerMemo id="f" deps={deps}>
          x
        </ServerMemo>,
      ),
    );
    expect(html).toBe('<div data-memo="f">x</div>');
    expect(deps).toHaveBeenCalledTimes(1);
  });

  it("builds content given as a function only when it renders it: a hit creates no elements", () => {
    const content = vi.fn(() => <Counted text="lazy" />);
    const region = () =>
      renderToString(
        <ServerMemo id="lazy" deps="k">
          {content}
        </ServerMemo>,
      );
    const plain = region();
    expect(plain).toBe(
      renderToString(
        <div data-memo="lazy">
          <Counted text="lazy" />
        </div>,
      ),
    );
    expect(renderWithServerMemo(region)).toBe(plain);
    expect(content).toHaveBeenCalledTimes(2); // the plain render and the filling one
    expect(renderWithServerMemo(region)).toBe(plain);
    expect(content).toHaveBeenCalledTimes(2); // the hit spliced the markup in without calling it
  });

  it("keeps nothing outside renderWithServerMemo", () => {
    renders = 0;
    renderToString(page("one"));
    renderToString(page("one"));
    expect(renders).toBe(2);
    renderWithServerMemo(() => renderToString(page("one")));
    expect(renders).toBe(3);
  });

  it(`re-renders every ${VERIFY_EVERY}th use, and a region whose deps miss an input heals and is logged`, () => {
    const log = vi.fn();
    renderWithServerMemo(() => renderToString(page("one", "same")), log);
    let last = "";
    for (let i = 0; i < VERIFY_EVERY; i++) last = renderWithServerMemo(() => renderToString(page("two", "same")), log);
    // Uses 1..63 served the stale "one"; the 64th rendered, noticed and replaced it.
    expect(last).toBe(renderToString(page("two", "same")));
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toContain('"region" rendered differently');
    expect(renderWithServerMemo(() => renderToString(page("three", "same")), log)).toBe(
      renderToString(page("two", "same")),
    );
  });

  it("stores nothing holding a script, a style or a nonce", () => {
    for (const inner of [
      <script key="s">{"1"}</script>,
      <style key="t">{"p{}"}</style>,
      <span key="n" nonce="abc" />,
    ]) {
      renders = 0;
      const tree = () => (
        <ServerMemo id="unsafe" deps="d">
          <Counted text="x" />
          {inner}
        </ServerMemo>
      );
      renderWithServerMemo(() => renderToString(tree()));
      renderWithServerMemo(() => renderToString(tree()));
      expect(renders).toBe(2);
      clearServerMemo();
    }
  });
});

describe("innerHtmlOf", () => {
  it("finds the matching close tag across nested elements of the same name", () => {
    const html = '<div>x</div><div data-memo="r" class="a"><div><div>1</div></div><p>2</p></div><div>y</div>';
    expect(innerHtmlOf(html, "r", "div")).toBe("<div><div>1</div></div><p>2</p>");
    expect(innerHtmlOf('<header data-memo="h"><div>a</div></header>', "h", "header")).toBe("<div>a</div>");
    expect(innerHtmlOf('<div data-memo="r"><div>unclosed', "r", "div")).toBeNull();
    expect(innerHtmlOf("<div>no marker</div>", "r", "div")).toBeNull();
    // <details>, <dialog> and <div> are different names.
    expect(innerHtmlOf('<div data-memo="r"><details>a</details><dialog></dialog></div>', "r", "div")).toBe(
      "<details>a</details><dialog></dialog>",
    );
  });
});

describe("the memoized site header", () => {
  const header = (url: string, signedIn = false) => staticRenderer(<SiteHeader signedIn={signedIn} />, url);

  // Pairs with the same inputs (path and search term) but other URLs, then other inputs.
  const urls = [
    "/era?station=MLR",
    "/era?station=MLR&page=2",
    "/episode?title=A",
    "/Episode?title=B",
    "/News",
    "/News?tab=wtfnews",
    "/search?term=radio",
    "/search?term=radio&x=1",
    "/search?term=other",
    "/",
    "/?utm=1",
    "/user",
  ];

  it("is, for every URL, what rendering that URL gives — whichever URL filled it", async () => {
    for (const signedIn of [false, true]) {
      const expected = new Map<string, string>();
      for (const url of urls) expected.set(url, (await header(url, signedIn))());
      clearServerMemo();
      for (const order of [urls, [...urls].reverse()]) {
        for (const url of order) {
          const render = await header(url, signedIn);
          expect(renderWithServerMemo(render)).toBe(expected.get(url));
        }
        clearServerMemo();
      }
    }
    // The active link really differs between paths (so the key must hold the path).
    expect((await header("/News"))()).not.toBe((await header("/"))());
  });
});

describe("the memoized episode cards", () => {
  const card = (over: Partial<EpisodeCardData> = {}): EpisodeCardData => ({
    id: "ep-1",
    title: "Episode 1: Pilot & <Friends>",
    audioUrl: "/media/audio/1.mp3",
    image: "/media/img/1.svg",
    backgroundImage: "/media/img/bg.svg",
    era: "MLR",
    duration: 125,
    coldcut: false,
    summary: "The first one — “quotes” and 'apostrophes'.",
    ...over,
  });
  const grid = (episodes: EpisodeCardData[], url: string) =>
    staticRenderer(
      <PlayerProvider liveStreamUrl="https://live.invalid/stream">
        <EpisodeGrid episodes={episodes} label="Episodes" />
      </PlayerProvider>,
      url,
    );
  // Each differs from the first in one input the card shows (or in its position: eager image).
  const variants = [
    [card()],
    [card({ title: "Episode 1: Renamed" })],
    [card({ image: "" })],
    [card({ summary: "Another summary." })],
    [card({ era: "PPR" })],
    [card({ duration: 0 })],
    [card({ coldcut: true })],
    [card({ id: "ep-2" }), card()],
    [card(), card({ id: "ep-3" }), card({ id: "ep-4" })],
  ];

  it("are, on every page and for every input, what rendering them gives", async () => {
    const pages = ["/era?station=MLR", "/", "/search?term=pilot"];
    const expected = new Map<string, string>();
    for (const [i, episodes] of variants.entries())
      for (const url of pages) expected.set(`${i} ${url}`, (await grid(episodes, url))());
    for (const order of [[...variants.keys()], [...variants.keys()].reverse()]) {
      clearServerMemo();
      for (let pass = 0; pass < 2; pass++) {
        for (const i of order) {
          for (const url of pages)
            expect(renderWithServerMemo(await grid(variants[i]!, url))).toBe(expected.get(`${i} ${url}`));
        }
      }
    }
    // The heart (outside the memo) follows the page; the memoized part is the same everywhere.
    expect(expected.get("0 /")).toContain('redirectTo=%2F"');
    expect(expected.get("0 /era?station=MLR")).toContain("redirectTo=%2Fera%3Fstation%3DMLR");
  });

  it("keep the card's layout: the memo's wrapper has no box", async () => {
    const html = (await grid([card()], "/"))();
    expect(html).toContain(
      '<article class="card episode-card"><div data-memo="card ep ep-1 1" class="card__main"><div class="card__media">',
    );
    const css = fs.readFileSync(path.resolve("app/styles/app.css"), "utf8");
    expect(css).toMatch(/\.card__main\s*\{\s*display:\s*contents;\s*\}/);
  });
});
