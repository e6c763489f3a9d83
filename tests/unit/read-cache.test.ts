import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { invalidateReadCache, withReadCache } from "~/services/read-cache.server";

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

// Only the clock is fake: the service's own small delays still run.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());
const at = (ms: number) => vi.setSystemTime(ms);

describe("withReadCache, remote (with a stale window)", () => {
  it("serves fresh copies from memory and coalesces concurrent misses", async () => {
    const f = fakeService();
    const s = withReadCache("t", f.service, { ttlMs: 1000, staleMs: 10_000, log: () => {} });
    const all = await Promise.all(Array.from({ length: 20 }, () => s.list("a")));
    expect(new Set(all)).toEqual(new Set(["a-v0"]));
    expect(f.calls()).toBe(1);
    at(500);
    expect(await s.list("a")).toBe("a-v0");
    expect(f.calls()).toBe(1);
  });

  it("serves a stale copy at once and refreshes it in the background", async () => {
    const f = fakeService();
    const s = withReadCache("t", f.service, { ttlMs: 1000, staleMs: 10_000, log: () => {} });
    await s.list("a");
    f.bump();
    at(2000);
    expect(await s.list("a")).toBe("a-v0");
    await new Promise((r) => setTimeout(r, 30));
    expect(await s.list("a")).toBe("a-v1");
  });

  it("keeps serving the last good copy while the upstream fails, and rethrows when there is none", async () => {
    const logs: string[] = [];
    const f = fakeService();
    const s = withReadCache("t", f.service, { ttlMs: 1000, staleMs: 9_000, log: (m) => logs.push(m) });
    await s.list("a");
    f.fail();
    at(5000);
    expect(await s.list("a")).toBe("a-v0");
    await new Promise((r) => setTimeout(r, 30));
    expect(logs.some((l) => l.includes("serving last good copy"))).toBe(true);
    await expect(s.list("b")).rejects.toThrow("upstream down");
    at(20_000);
    await expect(s.list("a")).rejects.toThrow("upstream down");
  });

  it("invalidation makes copies stale but keeps them as the last good copy", async () => {
    const f = fakeService();
    const s = withReadCache("t", f.service, { ttlMs: 60_000, staleMs: 60_000, log: () => {} });
    await s.list("a");
    f.bump();
    f.fail();
    invalidateReadCache(s);
    await Promise.resolve();
    at(10);
    expect(await s.list("a")).toBe("a-v0");
    f.heal();
    await new Promise((r) => setTimeout(r, 30));
    await s.list("a");
    await new Promise((r) => setTimeout(r, 30));
    expect(await s.list("a")).toBe("a-v1");
  });
});

describe("withReadCache, embedded (no stale window)", () => {
  it("keeps a read for the TTL, then reads again", async () => {
    const f = fakeService();
    const s = withReadCache("t", f.service, { ttlMs: 1000, log: () => {} });
    expect(await s.list("a")).toBe("a-v0");
    f.bump();
    at(900);
    expect(await s.list("a")).toBe("a-v0");
    at(1100);
    expect(await s.list("a")).toBe("a-v1");
    expect(f.calls()).toBe(2);
  });

  it("does not keep a failure", async () => {
    const f = fakeService();
    const s = withReadCache("t", f.service, { ttlMs: 1000, log: () => {} });
    f.fail();
    await expect(s.list("a")).rejects.toThrow("upstream down");
    f.heal();
    expect(await s.list("a")).toBe("a-v0");
  });

  it("logs a failing upstream once until it recovers, then says so once", async () => {
    const logs: string[] = [];
    const f = fakeService();
    const s = withReadCache("t", f.service, { ttlMs: 1000, log: (m) => logs.push(m) });
    f.fail();
    for (const tag of ["a", "b", "a", "c"]) await expect(s.list(tag)).rejects.toThrow("upstream down");
    f.heal();
    await s.list("a");
    await s.list("b");
    expect(logs).toEqual(["[t.list] failed: upstream down (said once until it recovers)", "[t.list] recovered"]);
  });

  it("invalidation drops every copy", async () => {
    const f = fakeService();
    const s = withReadCache("t", f.service, { ttlMs: 60_000, log: () => {} });
    await s.list("a");
    f.bump();
    invalidateReadCache(s);
    expect(await s.list("a")).toBe("a-v1");
  });
});
