import { Counter, Gauge } from "prom-client";

/**
 * What the app counts (ADR 061), on prom-client's default registry, which the server's metrics
 * port serves beside the HTTP layer's own (server/observe.ts): the two bundles share the one
 * prom-client. Labels are fixed sets, never an address, uid, title or URL. (The process's default
 * metrics start with the metrics port.)
 */

let passwords: () => { admitted: number; threads: number } = () => ({ admitted: 0, threads: 0 });
let pool: { totalCount: number; idleCount: number; waitingCount: number } | null = null;

export const metrics = {
  /** Lookups of an in-process cache: `cache` names it (catalog, content, gallery, page…). */
  cache: new Counter({
    name: "hrs_cache_lookups_total",
    help: "Lookups of an in-process cache, by cache and result (hit, miss)",
    labelNames: ["cache", "result"] as const,
  }),
  mails: new Counter({
    name: "hrs_mails_total",
    help: "Account mails, by kind, sent or refused (a cap used up)",
    labelNames: ["kind", "result"] as const,
  }),
  progressWrites: new Counter({
    name: "hrs_progress_writes_total",
    help: "Progress writes (POST /api/progress), by answer status",
    labelNames: ["status"] as const,
  }),
};

new Gauge({
  name: "hrs_password_hashes",
  help: "Password hashes admitted now: running on a thread or waiting for one",
  labelNames: ["state"] as const,
  collect() {
    const { admitted, threads } = passwords();
    this.set({ state: "running" }, Math.min(admitted, threads));
    this.set({ state: "waiting" }, Math.max(0, admitted - threads));
  },
});
new Gauge({
  name: "hrs_postgres_pool_connections",
  help: "The PostgreSQL pool's connections (total, idle) and the checkouts waiting for one",
  labelNames: ["state"] as const,
  collect() {
    if (!pool) return;
    this.set({ state: "total" }, pool.totalCount);
    this.set({ state: "idle" }, pool.idleCount);
    this.set({ state: "waiting" }, pool.waitingCount);
  },
});

/** The hash queue read at each scrape. */
export function watchPasswords(stats: typeof passwords): void {
  passwords = stats;
}
/** The PostgreSQL pool read at each scrape (pg's Pool counts). */
export function watchPool(watched: NonNullable<typeof pool>): void {
  pool = watched;
}
