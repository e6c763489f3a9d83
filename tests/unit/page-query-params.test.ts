/**
 * The render cache keys a shared page on the query parameters pages read (PAGE_QUERY_PARAMS) and
 * renders it without the others: a public route reading a parameter missing from the list would
 * be served the page for the URL without it.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_QUERY_PARAMS } from "~/route-support/cache-policy";

const ROUTES = path.resolve(__dirname, "../../app/routes");
/** Never served from the shared cache (server/render/cache.ts PERSONAL_PATHS). */
const PERSONAL =
  /^(api\.|auth\.|signin|signup|user|favorites|logout|spankbank|forgot-password|reset-password|verify-email)/i;
const READS = [/searchParams\.get\("([^"]+)"\)/g, /query(?:Text|Page)\((?:[^(),]|\([^()]*\))+,\s*"([^"]+)"/g];

describe("PAGE_QUERY_PARAMS", () => {
  it("holds every query parameter a public route reads", () => {
    const read = new Map<string, string>();
    for (const file of fs.readdirSync(ROUTES)) {
      if (PERSONAL.test(file)) continue;
      const source = fs.readFileSync(path.join(ROUTES, file), "utf8");
      for (const pattern of READS) for (const m of source.matchAll(pattern)) read.set(m[1]!, file);
      if (/queryPage\(url\)/.test(source)) read.set("page", file);
    }
    expect(read.size).toBeGreaterThan(4);
    for (const [name, file] of read) expect(PAGE_QUERY_PARAMS.has(name), `${name} (read in ${file})`).toBe(true);
  });
});
