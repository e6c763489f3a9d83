// Local stand-ins for the show's remote services, serving the bundled sample catalog in the real
// services' shapes: a PostgREST (Supabase) subset under /rest/v1/ and WordPress REST (wp/v2)
// subsets for the content site (/content/wp-json/wp/v2/) and the gallery source
// (/gallery/wp-json/wp/v2/). Every request is recorded (GET /__requests, POST /__reset), and each
// service can be switched to fail (503), slow (10 s) or junk (invalid JSON): POST /__mode?service=supabase|content|gallery&mode=ok|fail|slow|junk.
// Like a WordPress host, the gallery source serves its own media (/gallery/wp-content/uploads/…,
// the sample's gallery-media folder) and its posts name them by absolute URL; the app serves none.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

const read = (dir, name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"));

export function loadSampleTables(sampleDir = "sample") {
  return {
    supabase: {
      Episodes: read(sampleDir, "episodes.json"),
      ColdCut: read(sampleDir, "coldcut.json"),
      Sponsors: read(sampleDir, "sponsors.json"),
      CrewBios: read(sampleDir, "crew.json"),
    },
    content: read(sampleDir, "posts.json"),
    gallery: read(sampleDir, "gallery.json"),
  };
}

const words = (s) =>
  String(s ?? "")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * PostgREST filters used by the app: eq, plfts, order, limit, offset, select. Fast, not exact:
 * plfts here is a phrase match, where PostgreSQL stems words and drops stop words; the contract
 * test (tests/contract/supabase.contract.test.ts) holds the adapter to the real semantics.
 */
function postgrest(rows, params) {
  let out = rows;
  for (const [key, raw] of params) {
    if (["order", "limit", "offset", "select"].includes(key)) continue;
    const dot = raw.indexOf(".");
    const op = raw.slice(0, dot);
    const value = raw.slice(dot + 1);
    if (op === "eq") out = out.filter((r) => String(r[key]) === value);
    else if (op === "plfts") {
      const phrase = words(value).join(" ");
      out = out.filter((r) => ` ${words(r[key]).join(" ")} `.includes(` ${phrase} `));
    } else throw new Error(`unsupported operator ${op}`);
  }
  const order = params.get("order");
  if (order) {
    const [col, dir] = order.split(".");
    out = [...out].sort((a, b) => (a[col] < b[col] ? -1 : a[col] > b[col] ? 1 : 0) * (dir === "desc" ? -1 : 1));
  }
  const total = out.length;
  const offset = Number(params.get("offset") ?? 0);
  const limit = params.has("limit") ? Number(params.get("limit")) : undefined;
  out = out.slice(offset, limit === undefined ? undefined : offset + limit);
  const select = params.get("select");
  if (select) {
    const cols = select.split(",");
    out = out.map((r) => Object.fromEntries(cols.map((c) => [c, r[c]])));
  }
  return { rows: out, total, offset };
}

function wordpress(posts, url, rest) {
  if (rest === "posts") {
    let out = posts;
    const cats = url.searchParams.get("categories");
    if (cats) {
      const wanted = cats.split(",").map(Number);
      out = out.filter((p) => p.categories.some((c) => wanted.includes(c)));
    }
    const slug = url.searchParams.get("slug");
    if (slug !== null) out = out.filter((p) => p.slug === slug);
    return { status: 200, body: out };
  }
  const m = /^posts\/(\d+)$/.exec(rest);
  if (m) {
    const post = posts.find((p) => p.id === Number(m[1]));
    return post
      ? { status: 200, body: post }
      : { status: 404, body: { code: "rest_post_invalid_id", message: "Invalid post ID." } };
  }
  return { status: 404, body: { code: "rest_no_route" } };
}

/** The embedded gallery's media path (sample/gallery.json) and where a WordPress host keeps them. */
const APP_GALLERY_MEDIA = "/SpankBank/media/";
const UPLOADS = "/gallery/wp-content/uploads/";
const MEDIA_TYPES = { ".jpg": "image/jpeg", ".mp4": "video/mp4" };

export async function startRemoteServices({ port = 0, sampleDir = "sample", host = "127.0.0.1" } = {}) {
  const data = loadSampleTables(sampleDir);
  const mediaDir = path.join(sampleDir, "gallery-media");
  const media = new Set(fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir) : []);
  const requests = [];
  const modes = { supabase: "ok", content: "ok", gallery: "ok" };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const send = (status, body, headers = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (url.pathname === "/__requests") return send(200, requests);
    if (url.pathname === "/__reset") {
      requests.length = 0;
      for (const k of Object.keys(modes)) modes[k] = "ok";
      return send(200, { ok: true });
    }
    if (url.pathname === "/__mode") {
      modes[url.searchParams.get("service")] = url.searchParams.get("mode") ?? "ok";
      return send(200, modes);
    }
    if (url.pathname.startsWith(UPLOADS)) {
      const name = url.pathname.slice(UPLOADS.length);
      if (!media.has(name)) return send(404, { error: "no such file" });
      res.writeHead(200, { "content-type": MEDIA_TYPES[path.extname(name)] ?? "application/octet-stream" });
      return fs.createReadStream(path.join(mediaDir, name)).pipe(res);
    }
    let service = null;
    let handle = null;
    if (url.pathname.startsWith("/rest/v1/")) {
      service = "supabase";
      const table = decodeURIComponent(url.pathname.slice("/rest/v1/".length));
      handle = () => {
        const rows = data.supabase[table];
        if (!rows) return send(404, { message: `relation "${table}" does not exist` });
        if (req.headers["apikey"] !== "test-anon-key") return send(401, { message: "Invalid API key" });
        const { rows: out, total, offset } = postgrest(rows, url.searchParams);
        // PostgREST refuses a range past the end (PGRST103) and names the row count.
        if (offset > 0 && offset >= total)
          return send(
            416,
            { code: "PGRST103", message: "Requested range not satisfiable" },
            { "content-range": `*/${total}` },
          );
        const headers = req.headers["prefer"]?.includes("count=exact")
          ? { "content-range": `${out.length ? `${offset}-${offset + out.length - 1}` : "*"}/${total}` }
          : {};
        return send(200, out, headers);
      };
    } else {
      const m = /^\/(content|gallery)\/wp-json\/wp\/v2\/(.*)$/.exec(url.pathname);
      if (m) {
        service = m[1];
        handle = () => {
          const r = wordpress(data[m[1]], url, m[2]);
          return send(r.status, r.body);
        };
      }
    }
    if (!handle) return send(404, { error: "no such route" });
    requests.push({
      service,
      method: req.method,
      path: url.pathname,
      query: url.search,
      headers: req.headers,
      at: Date.now(),
    });
    const mode = modes[service];
    if (mode === "fail") return send(503, { error: "service unavailable" });
    if (mode === "junk") return send(200, '{"this is": not json');
    if (mode === "slow") return setTimeout(handle, 10_000);
    return handle();
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const origin = `http://${host}:${server.address().port}`;
  data.gallery = JSON.parse(JSON.stringify(data.gallery).replaceAll(APP_GALLERY_MEDIA, `${origin}${UPLOADS}`));
  return {
    origin,
    env: {
      CATALOG_SOURCE: "supabase",
      SUPABASE_URL: origin,
      SUPABASE_ANON_KEY: "test-anon-key",
      SUPABASE_COLDCUT_TABLE: "ColdCut",
      CONTENT_SOURCE: "wordpress",
      WORDPRESS_API_URL: `${origin}/content/wp-json/wp/v2`,
      GALLERY_SOURCE: "wordpress",
      GALLERY_API_URL: `${origin}/gallery/wp-json/wp/v2`,
    },
    requests,
    setMode: (service, mode) => (modes[service] = mode),
    reset: () => {
      requests.length = 0;
      for (const k of Object.keys(modes)) modes[k] = "ok";
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// Run standalone: node scripts/fakes/remote-services.mjs [port]
if (import.meta.url === `file://${process.argv[1]}`) {
  const s = await startRemoteServices({ port: Number(process.argv[2] ?? 3999) });
  console.log(`fake remote services at ${s.origin}`);
}
