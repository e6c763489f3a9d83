import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The README and every page under docs/: each relative link names a file or folder of the repo. */
const ROOT = path.resolve(__dirname, "../..");

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(rel);
    return entry.name.endsWith(".md") ? [rel] : [];
  });
}

/** Inline links and images `[text](target)`, outside code spans and fenced blocks. */
export function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target));
}

describe("documentation links", () => {
  it("finds relative links and leaves out addresses, anchors and code", () => {
    expect(
      relativeLinks("[a](x.md) [b](https://e.org/y.md) [c](#top) `[d](no.md)` ![e](img/p.png#z)\n```\n[f](g.md)\n```"),
    ).toEqual(["x.md", "img/p.png#z"]);
  });

  it("every relative link in the README and docs/ resolves", () => {
    const broken: string[] = [];
    for (const file of ["README.md", ...markdownFiles("docs")]) {
      for (const target of relativeLinks(fs.readFileSync(path.join(ROOT, file), "utf8"))) {
        const resolved = path.join(ROOT, path.dirname(file), decodeURI(target.replace(/[#?].*$/, "")));
        if (!fs.existsSync(resolved)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
