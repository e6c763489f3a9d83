// @vitest-environment node
/** Icons (app/components/primitives.tsx): made once when only sized, same markup either way. */
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { HeartIcon, PlayIcon, svgIcon } from "~/ui/primitives";

describe("svgIcon", () => {
  it("reuses one element per name, size and extras", () => {
    expect(svgIcon("play", { size: 32 })).toBe(svgIcon("play", { size: 32 }));
    expect(svgIcon("play", { size: 32 })).not.toBe(svgIcon("play", { size: 28 }));
    expect(svgIcon("play", {})).not.toBe(svgIcon("pause", {}));
    expect(HeartIcon({ size: 22 })).toBe(HeartIcon({ size: 22, filled: false }));
    expect(HeartIcon({ size: 22, filled: true })).not.toBe(HeartIcon({ size: 22 }));
  });

  it("makes a fresh element for any other prop or children, and the markup is the same as before", () => {
    expect(svgIcon("play", { size: 32, className: "x" })).not.toBe(svgIcon("play", { size: 32, className: "x" }));
    const markup = (el: JSX.Element) => renderToStaticMarkup(el);
    expect(markup(PlayIcon({ size: 32 }))).toMatch(
      /^<svg width="32" height="32" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false"><use href="[^"]+#play"><\/use><\/svg>$/,
    );
    expect(markup(HeartIcon({ size: 22, filled: true }))).toContain(
      'fill="currentColor" aria-hidden="true" focusable="false" stroke="currentColor" stroke-width="2"',
    );
    expect(markup(HeartIcon({ size: 22 }))).toContain('fill="none"');
    expect(markup(svgIcon("play", { size: 32, className: "x" }))).toContain('class="x"');
  });

  it("on the server, puts the sprite's <use> in as markup (no element for React to render), the same bytes", () => {
    const icon = PlayIcon({ size: 20 });
    expect(icon.props.children).toBeUndefined();
    expect(renderToStaticMarkup(icon)).toMatch(/<use href="[^"]+\.svg#play"><\/use><\/svg>$/);
    // An icon with children of its own (the skip buttons' seconds) keeps its elements.
    const withText = svgIcon("skip-back", { size: 26 }, undefined, <text>15</text>);
    expect(renderToStaticMarkup(withText)).toMatch(/<use href="[^"]+#skip-back"><\/use><text>15<\/text><\/svg>$/);
  });
});
