// @vitest-environment node
/** Later parts' server markup made once (app/ui/later-markup.server.ts, ADR 057). */
import { createRequire } from "node:module";
import { useId, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { later } from "~/ui/later";
import {
  SiteFooter as FooterPart,
  SiteHeader as HeaderPart,
  UpNextButtons as UpNextPart,
} from "~/components/later-parts";
import { upNextSignInMarkup } from "~/components/later-parts.server";
import { UpNextButtons, UpNextSignIn } from "~/components/UpNextButtons";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { PlayerProvider } from "~/player/PlayerProvider";
import { PlayerBars } from "~/player/PlayerBars";
import { usePlayerBarsMarkup } from "~/player/player-bars.server";

const never = () => new Promise<never>(() => {});
/** A useId after the part: the nested render must leave the page's own ids as they were. */
const Probe = () => <p id={useId()}>after</p>;
const noHelp = () => {};

// A page rendered by Remix's server entry, as the app's are (the header reads the router).
const require = createRequire(import.meta.url);
const { createStaticHandler } = require("react-router-dom/server.js");
const { RemixServer } = require("@remix-run/react/dist/server.js");
const remixRoutes = require("@remix-run/react/dist/routes.js");
let body: () => ReactNode = () => null;
const manifestRoutes = {
  root: { id: "root", path: "", hasLoader: false, hasAction: false, module: "/root.js" },
  "routes/any": { id: "routes/any", parentId: "root", path: "*", hasLoader: false, hasAction: false, module: "/a.js" },
};
const routeModules = { root: { default: () => body() }, "routes/any": { default: () => null } };
const manifest = { routes: manifestRoutes, entry: { module: "/entry.js", imports: [] }, url: "/m.js", version: "1" };
const future = { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_lazyRouteDiscovery: true };
async function remixPage(path: string, page: () => ReactNode) {
  body = page;
  const routes = remixRoutes.createServerRoutes(manifestRoutes, routeModules, future, false);
  const staticHandlerContext = await createStaticHandler(routes).query(new Request(`http://localhost${path}`));
  const context = { manifest, routeModules, staticHandlerContext, future, isSpaMode: false, serverHandoffString: "{}" };
  return renderToString(<RemixServer context={context} url={`http://localhost${path}`} />);
}

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

  it("the header: the same markup as rendering it, per signed-in state and path (the search page rendered)", async () => {
    const pages: string[] = [];
    for (const path of ["/", "/about", "/News/some-post", "/search?term=bob%22s", "/user"])
      for (const signedIn of [false, true]) {
        const inline = await remixPage(path, () => (
          <>
            <div className="later">
              <SiteHeader signedIn={signedIn} />
            </div>
            <Probe />
          </>
        ));
        const page = () =>
          remixPage(path, () => (
            <>
              <HeaderPart signedIn={signedIn} />
              <Probe />
            </>
          ));
        expect(await page()).toBe(inline);
        expect(await page()).toBe(inline);
        pages.push(inline);
      }
    // What the keys must tell apart: the page's link, the signed-in links, the term.
    expect(pages[0]).toMatch(/aria-current="page" class="active" href="\/">Home</);
    expect(pages[2]).toMatch(/aria-current="page" class="active" href="\/about">About</);
    expect(pages[1]).toContain("Profile");
    expect(pages[0]).not.toContain("Profile");
    expect(pages[6]).toContain('value="bob&quot;s"');
    expect(new Set(pages).size).toBe(pages.length);
  });

  it("a signed-out visitor's Up Next buttons: the holes filled give the same bytes as rendering them", () => {
    const titles = [
      "Episode 795: CanBa Show",
      `"><script>alert(1)</script>`,
      "Tom & Jerry's <b>night</b> — 100% \u0001title\u0001 %01here%01 $& $1 $$",
      "",
    ];
    const pages = ["/era?station=UFRN", "/search?term=a%26b'\"<x>#frag", "/", "/episode?title=%01here%01 $&"];
    for (const title of titles)
      for (const here of pages)
        for (const withText of [false, true])
          expect(upNextSignInMarkup(title, here, withText)).toBe(
            renderToString(<UpNextSignIn title={title} here={here} withText={withText} />),
          );
  });

  it("the Up Next buttons on a page: the same markup as rendering them", async () => {
    const path = "/era?station=A%26B&sort='x'";
    const props = { audioSrc: "https://media.example/1.mp3", title: `Bob's "show" <1>` };
    const inline = await remixPage(path, () => (
      <>
        <div className="later">
          <UpNextButtons {...props} />
        </div>
        <Probe />
      </>
    ));
    const page = await remixPage(path, () => (
      <>
        <UpNextPart {...props} />
        <Probe />
      </>
    ));
    expect(inline).toContain("Sign in to play next: Bob&#x27;s &quot;show&quot; &lt;1&gt;");
    expect(page).toBe(inline);
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
