import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV_NAMES } from "~/config/env.server";

describe(".env.example", () => {
  it("names every variable the server reads, and only those", () => {
    const documented = [...fs.readFileSync(".env.example", "utf8").matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map(
      (m) => m[1]!,
    );
    expect(ENV_NAMES.length).toBeGreaterThan(50);
    expect([...new Set(documented)].sort()).toEqual([...ENV_NAMES].sort());
  });
});
