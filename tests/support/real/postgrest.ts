import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";

/**
 * No PostgREST binary exists in Debian or npm, so this answers the subset of PostgREST's REST API
 * the Supabase adapter uses from a real PostgreSQL, with PostgREST's documented semantics:
 * `eq`, `plfts` (`to_tsvector(col) @@ plainto_tsquery(value)`: stemmed words, ANDed, stop words
 * dropped), `order`, `limit`, `offset`, `select`, `Prefer: count=exact` → `Content-Range:
 * first-last/total` (else `/*`), a range past the end → 416 with code PGRST103 and `*\/total`, and
 * the server's max-rows capping every answer. Each table holds its rows as jsonb; a column is
 * `row->>'name'`, text as in the show's tables.
 */
export interface PostgrestOverPostgres {
  origin: string;
  requests: string[];
  close(): Promise<void>;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

export async function startPostgrest(options: {
  databaseUrl: string;
  tables: Record<string, unknown[]>;
  anonKey: string;
  maxRows: number;
}): Promise<PostgrestOverPostgres> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  // Supabase's default text search configuration.
  pool.on("connect", (client) => void client.query("SET default_text_search_config = 'pg_catalog.english'"));
  for (const [name, rows] of Object.entries(options.tables)) {
    await pool.query(`CREATE TABLE "${name}" (row jsonb NOT NULL)`);
    await pool.query(`INSERT INTO "${name}" SELECT value FROM jsonb_array_elements($1::jsonb)`, [JSON.stringify(rows)]);
  }
  const requests: string[] = [];

  const answer = async (url: URL, prefer: string): Promise<{ status: number; body: unknown; range?: string }> => {
    const table = decodeURIComponent(url.pathname.slice("/rest/v1/".length));
    if (!(table in options.tables))
      return { status: 404, body: { code: "42P01", message: `relation "${table}" does not exist` } };
    const where: string[] = [];
    const values: unknown[] = [];
    let order = "";
    let select = "row";
    let limit = options.maxRows;
    let offset = 0;
    for (const [key, raw] of url.searchParams) {
      if (key === "limit") limit = Math.min(Number(raw), options.maxRows);
      else if (key === "offset") offset = Number(raw);
      else if (key === "order") {
        const [col, dir] = raw.split(".");
        if (!IDENT.test(col!)) return { status: 400, body: { code: "PGRST100" } };
        order = `ORDER BY row->>'${col}' ${dir === "desc" ? "DESC" : "ASC"}`;
      } else if (key === "select") {
        const cols = raw.split(",");
        if (!cols.every((c) => IDENT.test(c))) return { status: 400, body: { code: "PGRST100" } };
        select = `jsonb_build_object(${cols.map((c) => `'${c}', row->'${c}'`).join(", ")})`;
      } else {
        if (!IDENT.test(key)) return { status: 400, body: { code: "PGRST100" } };
        const dot = raw.indexOf(".");
        const [op, value] = [raw.slice(0, dot), raw.slice(dot + 1)];
        values.push(value);
        if (op === "eq") where.push(`row->>'${key}' = $${values.length}`);
        else if (op === "plfts") where.push(`to_tsvector(row->>'${key}') @@ plainto_tsquery($${values.length})`);
        else return { status: 400, body: { code: "PGRST100", message: `unknown operator ${op}` } };
      }
    }
    const filter = where.length ? `WHERE ${where.join(" AND ")}` : "";
    const total = Number((await pool.query(`SELECT count(*) AS n FROM "${table}" ${filter}`, values)).rows[0].n);
    const counted = prefer.includes("count=exact");
    if (offset > 0 && offset >= total)
      return {
        status: 416,
        body: {
          code: "PGRST103",
          message: "Requested range not satisfiable",
          details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
        },
        range: `*/${total}`,
      };
    const rows = (
      await pool.query(
        `SELECT ${select} AS r FROM "${table}" ${filter} ${order} LIMIT ${limit} OFFSET ${offset}`,
        values,
      )
    ).rows.map((r: { r: unknown }) => r.r);
    const range = rows.length ? `${offset}-${offset + rows.length - 1}` : "*";
    return { status: 200, body: rows, range: `${range}/${counted ? total : "*"}` };
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown, range?: string) => {
      res.writeHead(status, { "content-type": "application/json", ...(range ? { "content-range": range } : {}) });
      res.end(JSON.stringify(body));
    };
    if (!url.pathname.startsWith("/rest/v1/")) return send(404, {});
    if (req.headers.apikey !== options.anonKey) return send(401, { message: "Invalid API key" });
    answer(url, String(req.headers.prefer ?? "")).then(
      (a) => send(a.status, a.body, a.range),
      (error: Error) => send(400, { code: "PGRST", message: error.message }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
