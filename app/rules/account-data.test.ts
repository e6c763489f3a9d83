import { describe, expect, it } from "vitest";
import { FRESH_SIGN_IN_CLOCK_SKEW_S, FRESH_SIGN_IN_WINDOW_S, freshSignInVerdict } from "./account-data";

const now = Date.UTC(2026, 10, 27, 7, 0, 0);

describe("a fresh provider sign-in confirming a deletion", () => {
  it("counts within the window after the provider signed the listener in, and not a moment after", () => {
    expect(freshSignInVerdict({ uid: "a", at: now }, "a", now)).toBe("ok");
    expect(freshSignInVerdict({ uid: "a", at: now - FRESH_SIGN_IN_WINDOW_S * 1000 }, "a", now)).toBe("ok");
    expect(freshSignInVerdict({ uid: "a", at: now - FRESH_SIGN_IN_WINDOW_S * 1000 - 1 }, "a", now)).toBe("expired");
    expect(freshSignInVerdict({ uid: "a", at: now - 24 * 3600_000 }, "a", now)).toBe("expired");
  });

  it("allows a provider clock a little ahead, not a sign-in dated far in the future", () => {
    expect(freshSignInVerdict({ uid: "a", at: now + FRESH_SIGN_IN_CLOCK_SKEW_S * 1000 }, "a", now)).toBe("ok");
    expect(freshSignInVerdict({ uid: "a", at: now + FRESH_SIGN_IN_CLOCK_SKEW_S * 1000 + 1 }, "a", now)).toBe("expired");
  });

  it("is bound to the account: a fresh sign-in into another account never deletes this one", () => {
    expect(freshSignInVerdict({ uid: "b", at: now }, "a", now)).toBe("wrong-account");
    expect(freshSignInVerdict(null, "a", now)).toBe("none");
  });
});
