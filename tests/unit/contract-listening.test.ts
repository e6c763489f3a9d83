import { describe, expect, it, vi } from "vitest";
import { createSqliteListening } from "~/adapters/sqlite/listening.server";
import { createPostgresListening } from "~/adapters/postgres/listening.server";
import type { ListeningStore } from "~/services/listening.server";
import { bothEngines } from "../support/engines";

/**
 * The listening store (speed per era, seconds heard per span and era) on both engines.
 * `another`: the store as a second instance has it.
 */
vi.setConfig({ testTimeout: 30_000 });

const engines = bothEngines();
const KEPT = 2;
let seq = 0;
const listener = () => `listener-${++seq}-${Date.now()}`;

describe.each(engines)("listening store on %s", (_name, engine) => {
  const store = (another = false): ListeningStore => {
    const e = engine();
    return e.kind === "sqlite"
      ? createSqliteListening(another ? e.openDb() : e.db, { kept: KEPT })
      : createPostgresListening(another ? e.openPool() : e.pool, { kept: KEPT });
  };

  it("keeps the newest speed per era, and another instance reads it", async () => {
    const uid = listener();
    const s = store();
    expect(await s.speeds(uid)).toEqual({});
    expect(await s.setSpeed(uid, "PPR", 1.5, 100)).toBe("written");
    expect(await s.setSpeed(uid, "Cold Cut", 0.75, 100)).toBe("written");
    expect(await s.setSpeed(uid, "PPR", 2, 50)).toBe("stale");
    expect(await store(true).speeds(uid)).toEqual({ PPR: 1.5, "Cold Cut": 0.75 });
    expect(await s.setSpeed(uid, "PPR", 2, 200)).toBe("written");
    expect(await s.speeds(uid)).toEqual({ PPR: 2, "Cold Cut": 0.75 });
    expect(await s.speeds(listener())).toEqual({});
  });

  it("counts a span once however often it is sent, and only its largest tally", async () => {
    const uid = listener();
    const s = store();
    await s.tally(uid, { id: "span000001", era: "MLR", seconds: 10 }, 1);
    await s.tally(uid, { id: "span000001", era: "MLR", seconds: 10 }, 2);
    await s.tally(uid, { id: "span000001", era: "MLR", seconds: 30 }, 3);
    // An older write of the span, arriving late, takes nothing back.
    await s.tally(uid, { id: "span000001", era: "MLR", seconds: 20 }, 4);
    await s.tally(uid, { id: "span000002", era: null, seconds: 5 }, 5);
    const heard = await store(true).listened(uid);
    expect(heard.sort((a, b) => String(a.era).localeCompare(String(b.era)))).toEqual([
      { era: "MLR", seconds: 30 },
      { era: null, seconds: 5 },
    ]);
  });

  it("adds spans past the kept ones into their era's total, counting each once", async () => {
    const uid = listener();
    const s = store();
    for (let i = 1; i <= 5; i++) await s.tally(uid, { id: `span00000${i}`, era: "UFRN", seconds: 10 * i }, i);
    // A span still kept grows; spans 1 to 3 are in the total by now.
    await s.tally(uid, { id: "span000005", era: "UFRN", seconds: 60 }, 6);
    expect(await s.listened(uid)).toEqual([{ era: "UFRN", seconds: 10 + 20 + 30 + 40 + 60 }]);
  });

  it("deletes everything of one listener and nothing of another's", async () => {
    const [a, b] = [listener(), listener()];
    const s = store();
    for (const uid of [a, b]) {
      await s.setSpeed(uid, "PPR", 1.25, 1);
      for (let i = 1; i <= 3; i++) await s.tally(uid, { id: `span00000${i}`, era: "PPR", seconds: 7 }, i);
    }
    await s.deleteAllFor(a);
    expect(await s.speeds(a)).toEqual({});
    expect(await s.listened(a)).toEqual([]);
    expect(await s.speeds(b)).toEqual({ PPR: 1.25 });
    expect(await s.listened(b)).toEqual([{ era: "PPR", seconds: 21 }]);
  });
});
