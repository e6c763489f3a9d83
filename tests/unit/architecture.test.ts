import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The import graph of the app and the server, read with TypeScript's own parser (type-only
 * imports count: they tie the files together just the same). Fails on a cycle between files or
 * between top-level folders, and on imports that cross a layer the wrong way.
 */
const ROOT = path.resolve(__dirname, "../..");

type Graph = Map<string, Set<string>>;

function sourceFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
        found.push(rel);
    }
  };
  walk("app");
  walk("server");
  found.push("server.ts");
  return found.sort();
}

function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(path.join(ROOT, candidate)) && fs.statSync(path.join(ROOT, candidate)).isFile()) return candidate;
  }
  return base.replace(/\.(m?js|json|css)$/, "") === base ? base : null;
}

function importGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles()) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(ROOT, file), "utf8"), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const target = resolve(file, fileName);
      if (target && /\.tsx?$/.test(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** A file's unit at folder level: its top-level folder under app/ (or server/), else itself. */
function folderOf(file: string): string {
  if (file === "server.ts" || file.startsWith("server/")) return "server";
  const parts = file.split("/");
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : file;
}

function folderGraph(files: Graph): Graph {
  const graph: Graph = new Map();
  for (const [from, targets] of files) {
    const a = folderOf(from);
    if (!graph.has(a)) graph.set(a, new Set());
    for (const to of targets) {
      const b = folderOf(to);
      if (a !== b) graph.get(a)!.add(b);
    }
  }
  return graph;
}

/** Strongly connected components with more than one member (Tarjan), each sorted. */
export function cycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found
    .map((c) => c.join(" <-> "))
    .sort()
    .map((c) => c.split(" <-> "));
}

const LAYER_RULES: { from: RegExp; to: RegExp; why: string }[] = [
  { from: /^app\/(routes|components)\//, to: /^app\/adapters\//, why: "views reach adapters only through services" },
  { from: /^app\/services\//, to: /^app\/(adapters|http)\//, why: "services know neither adapters nor HTTP" },
  { from: /^server(\.ts$|\/)/, to: /^app\//, why: "the server gets the app through the Remix build" },
  {
    from: /^app\/adapters\//,
    to: /^app\/(player|components|routes|http)\//,
    why: "adapters serve services, not views or HTTP",
  },
  { from: /^app\/config\//, to: /^app\/adapters\//, why: "configuration is read before any adapter is built" },
  {
    from: /^app\/(components|player|ui)\//,
    to: /\.server\.tsx?$/,
    why: "browser code takes shared types from non-server modules",
  },
];

/**
 * A module may import its own server half (same name, `.server`): the bundler drops that import
 * from the browser build, so only the server takes the shortcut.
 */
const ownServerHalf = (from: string, to: string) => to.replace(/\.server\.tsx?$/, "") === from.replace(/\.tsx?$/, "");

function layerLeaks(graph: Graph): string[] {
  const leaks: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      if (ownServerHalf(from, to)) continue;
      const rule = LAYER_RULES.find((r) => r.from.test(from) && r.to.test(to));
      if (rule) leaks.push(`${from} -> ${to} (${rule.why})`);
    }
  }
  return leaks.sort();
}

function violations(graph: Graph): string[] {
  return [
    ...cycles(graph).map((c) => `file cycle: ${c.join(" <-> ")}`),
    ...cycles(folderGraph(graph)).map((c) => `folder cycle: ${c.join(" <-> ")}`),
    ...layerLeaks(graph).map((l) => `layer leak: ${l}`),
  ];
}

describe("architecture", () => {
  const graph = importGraph();

  it("reads the import graph", () => {
    expect(graph.get("server.ts")).toContain("server/render-cache.ts");
    expect(graph.get("app/composition.server.ts")).toContain("app/services/read-cache.server.ts");
  });

  it("has no import cycle and no layer leak", () => {
    expect(violations(graph)).toEqual([]);
  });

  it("fails on a planted cycle and a planted leak", () => {
    const planted: Graph = new Map([...graph].map(([k, v]) => [k, new Set(v)]));
    planted.get("app/services/read-cache.server.ts")!.add("app/composition.server.ts");
    planted.get("server/precompressed.ts")!.add("app/http/cache-policy.ts");
    const found = violations(planted);
    expect(found.some((v) => v.startsWith("file cycle:") && v.includes("app/composition.server.ts"))).toBe(true);
    expect(found.some((v) => v.startsWith("folder cycle:") && v.includes("app/services"))).toBe(true);
    expect(found).toContain(
      "layer leak: server/precompressed.ts -> app/http/cache-policy.ts (the server gets the app through the Remix build)",
    );
  });
});
