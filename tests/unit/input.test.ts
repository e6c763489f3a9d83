import { describe, expect, it } from "vitest";
import { queryPage, querySort, queryText, slugParam } from "~/route-support/input.server";
import { badRequest, notFound } from "~/route-support/responses.server";

const u = (qs: string) => new URL(`http://localhost/x${qs}`);

async function thrown(fn: () => unknown): Promise<{ status: number; body: string }> {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(Response);
    const r = e as Response;
    return { status: r.status, body: await r.text() };
  }
  throw new Error("expected a thrown Response");
}

describe("queryText", () => {
  it("is null when the parameter is missing", () => {
    expect(queryText(u(""), "term")).toBeNull();
    expect(queryText(u("?other=1"), "term")).toBeNull();
  });

  it("is the trimmed value, empty string when empty", () => {
    expect(queryText(u("?term=%20antenna%20"), "term")).toBe("antenna");
    expect(queryText(u("?term="), "term")).toBe("");
    expect(queryText(u("?term"), "term")).toBe("");
    expect(queryText(u("?term=+++"), "term")).toBe("");
  });

  it("takes the first value of a repeated parameter", () => {
    expect(queryText(u("?term=a&term=b"), "term")).toBe("a");
  });

  it("passes unicode, SQL and HTML metacharacters through untouched (they are data)", () => {
    const values = ["Café 🎙️ مرحبا", "' OR 1=1; --", '<script>alert("x")</script>', "e\u0301", "\u202eevil"];
    for (const v of values) expect(queryText(u(`?term=${encodeURIComponent(v)}`), "term")).toBe(v.trim());
  });

  it("refuses a value longer than max with a 400 naming the parameter", async () => {
    expect(queryText(u(`?term=${"a".repeat(10)}`), "term", { max: 10 })).toBe("a".repeat(10));
    const r = await thrown(() => queryText(u(`?term=${"a".repeat(11)}`), "term", { max: 10, label: "search term" }));
    expect(r.status).toBe(400);
    expect(r.body).toBe("The search term is too long (at most 10 characters).");
  });

  it("refuses control characters (NUL, ESC, DEL) with a 400", async () => {
    for (const bad of ["%00", "a%00b", "%1B[31m", "%7F", "%08"]) {
      const r = await thrown(() => queryText(u(`?name=${bad}`), "name", { label: "crew name" }));
      expect(r.status).toBe(400);
      expect(r.body).toMatch(/crew name contains characters that aren't allowed/);
    }
  });

  it("allows tab, newline and carriage return (trimmed away at the ends)", () => {
    expect(queryText(u("?t=%09a%0Ab%0D"), "t")).toBe("a\nb");
  });

  it("defaults the max to 300", async () => {
    expect(queryText(u(`?t=${"x".repeat(300)}`), "t")).toHaveLength(300);
    expect((await thrown(() => queryText(u(`?t=${"x".repeat(301)}`), "t"))).status).toBe(400);
  });
});

describe("queryPage", () => {
  it("defaults to 1 when missing or empty", () => {
    expect(queryPage(u(""))).toBe(1);
    expect(queryPage(u("?page="))).toBe(1);
  });

  it("reads a whole number from 1 up", () => {
    expect(queryPage(u("?page=1"))).toBe(1);
    expect(queryPage(u("?page=3"))).toBe(3);
    expect(queryPage(u("?page=100000"))).toBe(100000);
    expect(queryPage(u("?p=2"), "p")).toBe(2);
  });

  it.each(["0", "-1", "1.5", "abc", "1e999", "Infinity", "NaN", "100001", "99999999999999999999", "2;DROP", "<b>"])(
    "refuses %j with a 400",
    async (raw) => {
      const r = await thrown(() => queryPage(u(`?page=${encodeURIComponent(raw)}`)));
      expect(r.status).toBe(400);
      expect(r.body).toBe("The page must be a whole number from 1 up.");
    },
  );
});

describe("slugParam", () => {
  it("returns a sane slug", () => {
    expect(slugParam("bunker-news", notFound)).toBe("bunker-news");
    expect(slugParam("café", notFound)).toBe("café");
  });

  it.each([undefined, "", "x".repeat(201), "a\u0000b", "a\u001fb"])("refuses %j as not found", async (v) => {
    const r = await thrown(() => slugParam(v, notFound));
    expect(r.status).toBe(404);
  });
});

describe("responses", () => {
  it("notFound is a 404 and badRequest a 400 with the message", async () => {
    expect(notFound().status).toBe(404);
    const b = badRequest("nope");
    expect(b.status).toBe(400);
    expect(await b.text()).toBe("nope");
  });
});

describe("querySort", () => {
  it("defaults to newest first, reads newest or oldest, refuses anything else with a 400", async () => {
    expect(querySort(u(""))).toBe("newest");
    expect(querySort(u("?sort="))).toBe("newest");
    expect(querySort(u("?sort=oldest"))).toBe("oldest");
    expect(querySort(u("?sort=newest"))).toBe("newest");
    for (const junk of ["OLDEST", "random", "oldest%00", "<b>"]) {
      const r = await thrown(() => querySort(u(`?sort=${junk}`)));
      expect(r.status).toBe(400);
      expect(r.body).toContain("newest or oldest");
    }
  });
});
