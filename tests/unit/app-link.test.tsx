// @vitest-environment node
/**
 * AppLink renders on the server exactly what Remix's <Link> renders (ADR 010): hydration in the
 * browser, where AppLink *is* <Link>, must find the same markup.
 */
import { describe, expect, it } from "vitest";
import { Link, NavLink } from "@remix-run/react";
import type { ReactElement } from "react";
import { AppLink, AppNavLink } from "~/ui/primitives";
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

describe("AppNavLink on the server", () => {
  const links: { to: string; end?: boolean; className?: string; label?: string }[] = [
    { to: "/", end: true },
    { to: "/eras" },
    { to: "/News", className: "tab" },
    { to: "/crew-page", label: "Crew" },
    { to: "/user" },
    { to: "/about/" },
  ];
  const locations = [
    "/",
    "/eras",
    "/era?station=MLR",
    "/news",
    "/News/fifteen-years",
    "/crew-page",
    "/user/x",
    "/about",
  ];
  for (const at of locations) {
    it(`matches <NavLink> at ${at}`, async () => {
      const tree = (Component: typeof NavLink | typeof AppNavLink) => (
        <nav>
          {links.map((l) => (
            <Component key={l.to} to={l.to} end={l.end} className={l.className} aria-label={l.label} prefetch="intent">
              {l.to}
            </Component>
          ))}
        </nav>
      );
      const expected = await (await staticRenderer(tree(NavLink), at))();
      const actual = await (await staticRenderer(tree(AppNavLink), at))();
      expect(actual).toBe(expected);
    });
  }

  it("marks the page it is on, and the pages below it unless `end`", async () => {
    const html = await (
      await staticRenderer(
        <>
          <AppNavLink to="/" end>
            Home
          </AppNavLink>
          <AppNavLink to="/News">News</AppNavLink>
        </>,
        "/news/a-post",
      )
    )();
    expect(html).toBe(
      '<a data-discover="true" class="" href="/">Home</a><a data-discover="true" aria-current="page" class="active" href="/News">News</a>',
    );
  });

  it("hands anything but a plain path to <NavLink>", async () => {
    for (const to of ["/episode?title=A%20B", "/a/../b", "/a//b", "/caf%C3%A9"]) {
      const expected = await (await staticRenderer(<NavLink to={to}>x</NavLink>, "/a/b"))();
      expect(await (await staticRenderer(<AppNavLink to={to}>x</AppNavLink>, "/a/b"))()).toBe(expected);
    }
  });
});
