import { describe, expect, it } from "vitest";
import { createStateLog } from "./state-log";

describe("createStateLog", () => {
  it("says each upstream's failure once per change of state", () => {
    const lines: string[] = [];
    const state = createStateLog((m) => lines.push(m));
    state.ok("a");
    for (let i = 0; i < 5; i++) state.failed("a", "a failed");
    state.failed("b", "b failed");
    state.ok("a");
    state.ok("a");
    state.failed("a", "a failed again");
    expect(lines).toEqual([
      "a failed (said once until it recovers)",
      "b failed (said once until it recovers)",
      "a recovered",
      "a failed again (said once until it recovers)",
    ]);
  });
});
