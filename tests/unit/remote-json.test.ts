import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getJson, RemoteError, UPSTREAM_CONCURRENCY } from "~/adapters/http/remote-json.server";

describe("calls to one upstream host are bounded", () => {
  it("past UPSTREAM_CONCURRENCY in flight a call fails at once; other hosts and later calls go through", async () => {
    const hung: (() => void)[] = [];
    const slow = (_url: string) =>
      new Promise<Response>((resolve) => hung.push(() => resolve(Response.json({ ok: true }))));
    const schema = z.object({ ok: z.boolean() });
    const pending = Array.from({ length: UPSTREAM_CONCURRENCY }, () =>
      getJson("https://slow.example/x", schema, { fetch: slow, timeoutMs: 10_000 }),
    );
    const refused = getJson("https://slow.example/x", schema, { fetch: slow });
    await expect(refused).rejects.toBeInstanceOf(RemoteError);
    await expect(refused).rejects.toThrow(/slow\.example: 16 calls already in flight/);
    const fine = async () => Response.json({ ok: true });
    expect((await getJson("https://other.example/x", schema, { fetch: fine })).data).toEqual({ ok: true });
    for (const release of hung) release();
    expect((await Promise.all(pending)).every((a) => a.data.ok)).toBe(true);
    expect((await getJson("https://slow.example/x", schema, { fetch: fine })).data).toEqual({ ok: true });
  });
});
