import { describe, expect, it } from "vitest";
import { errorTitle, episodeMeta } from "~/utils/meta";

// What Remix hands to meta() for a thrown Response (an ErrorResponse).
const thrown = (status: number) => ({ status, statusText: "", internal: false, data: "" });

describe("tab titles of pages that threw", () => {
  it("404 (or nothing) → NOT FOUND; the stillLoading 200 → Loading...; anything else → Error", () => {
    expect(errorTitle(thrown(404))).toBe("NOT FOUND — The Ham Radio Show");
    expect(errorTitle(undefined)).toBe("NOT FOUND — The Ham Radio Show");
    expect(errorTitle(thrown(200))).toBe("Loading... — The Ham Radio Show");
    expect(errorTitle(thrown(503))).toBe("Error — The Ham Radio Show");
    expect(errorTitle(new Error("boom"))).toBe("Error — The Ham Radio Show");
  });

  it("an episode page without its episode takes the error's title", () => {
    expect(episodeMeta(undefined, thrown(200))).toEqual([{ title: "Loading... — The Ham Radio Show" }]);
    expect(episodeMeta(undefined, thrown(404))).toEqual([{ title: "NOT FOUND — The Ham Radio Show" }]);
  });
});
