import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "../services/log.server";
import { orElse } from "./or-else";

afterEach(() => vi.restoreAllMocks());

describe("orElse", () => {
  it("logs a failure once until the same read succeeds again", async () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    const down = (): Promise<number[]> => Promise.reject(new Error("connect ECONNREFUSED"));
    for (let i = 0; i < 3; i++) expect(await orElse("slider", down(), () => [])).toEqual([]);
    expect(await orElse("slider", Promise.resolve([1]), (): number[] => [])).toEqual([1]);
    await orElse("slider", Promise.resolve([1]), (): number[] => []);
    expect(error.mock.calls.map((c) => c[0])).toEqual([
      "[slider] failed: connect ECONNREFUSED (said once until it recovers)",
      "[slider] recovered",
    ]);
  });

  it("throws a Response as it is", async () => {
    const refused = new Response(null, { status: 503 });
    await expect(orElse("x", Promise.reject(refused), () => null)).rejects.toBe(refused);
  });
});
