// @vitest-environment node
/** Later parts' server markup made once (app/ui/later-markup.server.ts, ADR 057). */
import { useId } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { later } from "~/ui/later";
import { SiteFooter as FooterPart } from "~/components/later-parts";
import { SiteFooter } from "~/components/SiteFooter";
import { PlayerProvider } from "~/player/PlayerProvider";
import { PlayerBars } from "~/player/PlayerBars";
import { usePlayerBarsMarkup } from "~/player/player-bars.server";

const never = () => new Promise<never>(() => {});
/** A useId after the part: the nested render must leave the page's own ids as they were. */
const Probe = () => <p id={useId()}>after</p>;
const noHelp = () => {};

describe("later parts' markup made once", () => {
  it("hands the markup to the part's box as it is", () => {
    const Part = later(
      () => <b>rendered</b>,
      never,
      () => "<i>made once</i>",
    );
    expect(renderToString(<Part />)).toBe('<div class="later"><i>made once</i></div>');
    const Inline = later(
      () => <b>rendered</b>,
      never,
      () => null,
    );
    expect(renderToString(<Inline />)).toBe('<div class="later"><b>rendered</b></div>');
  });

  it("the player bars: the same page as rendering them, made once per player state", () => {
    const Bars = later(PlayerBars, never, usePlayerBarsMarkup);
    for (const url of ["https://stream.example/live.mp3", "https://other.example/live.mp3"]) {
      const inline = renderToString(
        <PlayerProvider liveStreamUrl={url}>
          <div className="later">
            <PlayerBars onHelp={noHelp} />
          </div>
          <Probe />
        </PlayerProvider>,
      );
      const page = () =>
        renderToString(
          <PlayerProvider liveStreamUrl={url}>
            <Bars onHelp={noHelp} />
            <Probe />
          </PlayerProvider>,
        );
      expect(inline).toContain('aria-label="Player"');
      expect(page()).toBe(inline);
      expect(page()).toBe(inline);
    }
  });

  it("the footer: the same markup as rendering it", () => {
    const inline = renderToString(
      <>
        <div className="later">
          <SiteFooter />
        </div>
        <Probe />
      </>,
    );
    const page = () =>
      renderToString(
        <>
          <FooterPart />
          <Probe />
        </>,
      );
    expect(page()).toBe(inline);
    expect(page()).toBe(inline);
  });

  it("renders a key's part once, and stops adding keys at its bound", async () => {
    vi.resetModules();
    const { markupOnce } = await import("~/ui/later-markup.server");
    let renders = 0;
    const Counted = ({ n }: { n: number }) => {
      renders++;
      return <b>{n}</b>;
    };
    expect(markupOnce("a", () => <Counted n={1} />)).toBe("<b>1</b>");
    expect(markupOnce("a", () => <Counted n={2} />)).toBe("<b>1</b>");
    expect(renders).toBe(1);
    let n = 1;
    while (markupOnce(`k${n}`, () => <Counted n={n} />) !== null) n++;
    expect(n).toBeGreaterThan(10);
    expect(n).toBeLessThan(1000);
    expect(markupOnce("a", () => <Counted n={3} />)).toBe("<b>1</b>");
  });
});
