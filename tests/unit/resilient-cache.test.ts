import { describe, expect, it } from "vitest";
import { withResilientCache } from "~/services/resilient-cache.server";

function fakeService() {
  let calls = 0;
  let mode: "ok" | "fail" = "ok";
  let version = 0;
  const service = {
    async list(tag: string) {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      if (mode === "fail") throw new Error("upstream down");
      return `${tag}-v${version}`;
    },
  };
  return {
    service,
    calls: () => calls,
    fail: () => (mode = "fail"),
    heal: () => (mode = "ok"),
    bump: () => version++,
  };
}

describe("withResilientCache", () => {
  it("serves fresh copies from memory and coalesces concurrent misses", async () => {
    let t = 0;
    const f = fakeService();
    const s = withResilientCache("t", f.service, { freshMs: 1000, now: () => t, log: () => {} });
    const all = await Promise.all(Array.from({ length: 20 }, () => s.list("a")));
    expect(new Set(all)).toEqual(new Set(["a-v0"]));
    expect(f.calls()).toBe(1);
    t = 500;
    expect(await s.list("a")).toBe("a-v0");
    expect(f.calls()).toBe(1);
  });

  it("serves a stale copy at once and refreshes it in the background", async () => {
    let t = 0;
    const f = fakeService();
    const s = withResilientCache("t", f.service, { freshMs: 1000, now: () => t, log: () => {} });
    await s.list("a");
    f.bump();
    t = 2000;
    expect(await s.list("a")).toBe("a-v0");
    await new Promise((r) => setTimeout(r, 20));
    expect(await s.list("a")).toBe("a-v1");
  });

  it("keeps serving the last good copy while the upstream fails, and rethrows when there is none", async () => {
    let t = 0;
    const logs: string[] = [];
    const f = fakeService();
    const s = withResilientCache("t", f.service, { freshMs: 1000, maxStaleMs: 10_000, now: () => t, log: (m) => logs.push(m) });
    await s.list("a");
    f.fail();
    t = 5000;
    expect(await s.list("a")).toBe("a-v0");
    await new Promise((r) => setTimeout(r, 20));
    expect(logs.some((l) => l.includes("serving last good copy"))).toBe(true);
    await expect(s.list("b")).rejects.toThrow("upstream down");
    t = 20_000;
    await expect(s.list("a")).rejects.toThrow("upstream down");
  });
});
