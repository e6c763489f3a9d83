// @vitest-environment node
/**
 * AppLink renders on the server exactly what Remix's <Link> renders (ADR 010): hydration in the
 * browser, where AppLink *is* <Link>, must find the same markup.
 */
import { describe, expect, it } from "vitest";
import { Link } from "@remix-run/react";
import type { ReactElement } from "react";
import { AppLink } from "~/ui/primitives";
import { hrefOf } from "~/ui/primitives.server";
import { staticRenderer } from "./support/static-router";

const render = async (element: ReactElement) => (await staticRenderer(element, "/era?station=MLR"))();

const cases: { name: string; to: string; props?: Record<string, unknown> }[] = [
  { name: "a plain path", to: "/about" },
  { name: "a query with escapes", to: "/episode?title=Episode%20384%3A%20Last%20Call%20on%20MLR" },
  { name: "a hash", to: "/help#shortcuts" },
  { name: "an empty query and hash", to: "/News?#" },
  {
    name: "class, label, rel, target",
    to: "/signin?redirectTo=%2Fera%3Fstation%3DMLR",
    props: { className: "heart", "aria-label": "Sign in", rel: "nofollow", target: "_self" },
  },
  {
    name: "style and data attributes",
    to: "/era?station=Edge%20FM",
    props: { style: { color: "red" }, "data-x": "1", id: "x" },
  },
  { name: "an external URL (handed to Link)", to: "https://example.com/a?b=c" },
  { name: "a protocol-relative URL (handed to Link)", to: "//example.com/a" },
];

describe("AppLink on the server", () => {
  for (const c of cases) {
    it(`matches <Link> for ${c.name}`, async () => {
      const props = c.props ?? {};
      const expected = await render(
        <Link to={c.to} {...props}>
          x <b>y</b>
        </Link>,
      );
      const actual = await render(
        <AppLink to={c.to} {...props}>
          x <b>y</b>
        </AppLink>,
      );
      expect(actual).toBe(expected);
      expect(actual).toContain("<a ");
    });
  }

  it("ignores prefetch on the server, as <Link> does", async () => {
    const expected = await render(
      <Link to="/News" prefetch="intent">
        News
      </Link>,
    );
    expect(
      await render(
        <AppLink to="/News" prefetch="intent">
          News
        </AppLink>,
      ),
    ).toBe(expected);
  });
});

describe("hrefOf", () => {
  it("drops an empty search or hash and keeps the rest verbatim", () => {
    expect(hrefOf("/a?b=1#c")).toBe("/a?b=1#c");
    expect(hrefOf("/a?")).toBe("/a");
    expect(hrefOf("/a#")).toBe("/a");
    expect(hrefOf("/a?#")).toBe("/a");
    expect(hrefOf("/a?x#")).toBe("/a?x");
  });
});
