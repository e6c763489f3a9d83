/**
 * The mail caps' counters: one contract on SQLite and PostgreSQL. "Another instance" is a second
 * store over the same database (its own connection), as a second app server or a restarted one has.
 */
import { describe, expect, it } from "vitest";
import { createSqliteMailLog } from "~/adapters/sqlite/sessions.server";
import { createPostgresMailLog } from "~/adapters/postgres/sessions.server";
import type { MailLog } from "~/services/account-email.server";
import { bothEngines, type Engine } from "../support/engines";

const engines = bothEngines();
const DAY = 24 * 60 * 60_000;
const instance = (engine: Engine, own = false): MailLog =>
  engine.kind === "sqlite"
    ? createSqliteMailLog(own ? engine.openDb() : engine.db)
    : createPostgresMailLog(own ? engine.openPool() : engine.pool);

let seq = 0;
const key = (name: string) => `${name}-${++seq}-${Date.now().toString(36)}`;

describe.each(engines)("Mail cap contract — %s", (_name, engine) => {
  it("counts up to the cap within the window, shared with another instance; a new window starts afresh", async () => {
    const mails = instance(engine());
    const other = instance(engine(), true);
    const cap = { key: key("to"), max: 3, windowMs: DAY };
    const t0 = Date.now();
    expect(await mails.take([cap], t0)).toBe(true);
    expect(await other.take([cap], t0 + 1)).toBe(true);
    expect(await mails.take([cap], t0 + 2)).toBe(true);
    expect(await other.take([cap], t0 + 3)).toBe(false);
    expect(await mails.take([cap], t0 + DAY - 1)).toBe(false);
    expect(await other.take([cap], t0 + DAY)).toBe(true);
  });

  it("all or none: a cap used up counts nothing under the others", async () => {
    const mails = instance(engine());
    const t0 = Date.now();
    const full = { key: key("full"), max: 1, windowMs: DAY };
    const daily = { key: key("daily"), max: 2, windowMs: DAY };
    expect(await mails.take([full], t0)).toBe(true);
    for (let i = 0; i < 5; i++) expect(await mails.take([daily, full], t0 + i)).toBe(false);
    expect(await mails.take([daily], t0)).toBe(true);
    expect(await mails.take([daily], t0)).toBe(true);
    expect(await mails.take([daily], t0)).toBe(false);
  });

  it("holds when instances take at once", async () => {
    const stores = [instance(engine()), instance(engine(), true), instance(engine(), true)];
    const cap = { key: key("race"), max: 4, windowMs: DAY };
    const now = Date.now();
    const taken = await Promise.all(Array.from({ length: 24 }, (_, i) => stores[i % 3]!.take([cap], now)));
    expect(taken.filter(Boolean)).toHaveLength(4);
  });
});
