import { describe, expect, it } from "vitest";
import fs from "node:fs";
import {
  canRead,
  canUpdate,
  canWrite,
  compileExpression,
  RuleSyntaxError,
} from "../../scripts/fakes/firebase-rules.mjs";

/**
 * database.rules.json (docs/product.md §7 paths): each listener reads and writes only users/<own uid>, every
 * field is validated, nothing else is writable. Checked with the small evaluator of
 * scripts/fakes/firebase-rules.mjs (the same one the Firebase fake enforces).
 */
const rules = JSON.parse(fs.readFileSync("database.rules.json", "utf8"));
const A = { uid: "AAAAAAAAAAAAAAAAAAAAAAAAAAAA" };
const B = { uid: "BBBBBBBBBBBBBBBBBBBBBBBBBBBB" };
const record = { audioTitle: "Pilot Light", audioSrc: "/media/audio/ep-audio-1.mp3", duration: 35 };
const sync = {
  AudioTitle: "Pilot Light",
  Duration: 35,
  AudioImg: "/media/img/a.svg",
  AudioSrc: "/media/audio/ep-audio-1.mp3",
  currentTime: 12,
};
const fav = { audioSrc: "/media/audio/ep-audio-1.mp3", audioTitle: "Pilot Light", isFav: true, Duration: 35 };
const root = {
  users: {
    [A.uid]: { ...record, ActiveAudioSync: { ...sync, writtenAt: 2000 }, favorites: { "-Nfav1": fav } },
    [B.uid]: { ...record, favorites: { "-Nfav2": fav } },
  },
};

type Auth = { uid: string } | null;
const write = (auth: Auth, path: string, value: unknown, data: unknown = root) =>
  canWrite(rules, { root: data, path, value, auth }).allowed;
const update = (auth: Auth, path: string, patch: Record<string, unknown>) =>
  canUpdate(rules, { root, path, patch, auth }).allowed;
const read = (auth: Auth, path: string) => canRead(rules, { root, path, auth });

describe("database.rules.json — who may read and write", () => {
  it("a listener deleting their account removes their users/<uid> whole, never another's", () => {
    expect(write(A, `users/${A.uid}`, null)).toBe(true);
    expect(write(A, `users/${B.uid}`, null)).toBe(false);
    expect(write(null, `users/${A.uid}`, null)).toBe(false);
    expect(write(A, "users", null)).toBe(false);
  });
  it("a listener reads and writes their own users/<uid> subtree (docs/product.md §7 calls)", () => {
    expect(read(A, `users/${A.uid}`)).toBe(true);
    expect(read(A, `users/${A.uid}/ActiveAudioSync`)).toBe(true);
    expect(read(A, `users/${A.uid}/favorites`)).toBe(true);
    // write at sign-up (favorites: {} is dropped by the database)
    expect(
      write(
        A,
        `users/${A.uid}`,
        {
          audioTitle: "",
          audioSrc: "",
          duration: 0,
          ActiveAudioSync: { AudioTitle: "", Duration: 0, AudioImg: "", AudioSrc: "", currentTime: 0 },
          favorites: {},
        },
        null,
      ),
    ).toBe(true);
    // write during play, with this app's writtenAt
    expect(write(A, `users/${A.uid}/ActiveAudioSync`, { ...sync, currentTime: 20, writtenAt: 3000 })).toBe(true);
    // the existing app's write during play: no writtenAt, undefined fields stripped (docs/product.md §5)
    expect(
      write(A, `users/${A.uid}/ActiveAudioSync`, { AudioTitle: "x", AudioSrc: "/a.mp3", Duration: 0, currentTime: 1 }),
    ).toBe(true);
    expect(write(A, `users/${A.uid}/favorites/-Nnew`, fav)).toBe(true);
    expect(write(A, `users/${A.uid}/favorites/-Nfav1`, null)).toBe(true);
    expect(update(A, `users/${A.uid}`, { audioTitle: "T", audioSrc: "/b.mp3", duration: 10 })).toBe(true);
    expect(write(A, `users/${A.uid}/adultConfirmedAt`, Date.now() - 1000)).toBe(true);
  });

  it("another listener's subtree is refused (IDOR), for reads, writes, pushes, deletes and updates", () => {
    expect(read(A, `users/${B.uid}`)).toBe(false);
    expect(read(A, `users/${B.uid}/favorites`)).toBe(false);
    expect(write(A, `users/${B.uid}/favorites/-Nnew`, fav)).toBe(false);
    expect(write(A, `users/${B.uid}/favorites/-Nfav2`, null)).toBe(false);
    expect(write(A, `users/${B.uid}/ActiveAudioSync`, { ...sync, writtenAt: 9999 })).toBe(false);
    expect(update(A, "users", { [`${B.uid}/audioTitle`]: "mine now" })).toBe(false);
    // an update that touches both the own and a foreign subtree is refused as a whole
    expect(update(A, "users", { [`${A.uid}/audioTitle`]: "ok", [`${B.uid}/audioTitle`]: "not ok" })).toBe(false);
  });

  it("unauthenticated requests are refused everywhere", () => {
    expect(read(null, `users/${A.uid}`)).toBe(false);
    expect(read(null, "")).toBe(false);
    expect(write(null, `users/${A.uid}/favorites/-Nnew`, fav)).toBe(false);
    expect(write(null, `users/${A.uid}`, null)).toBe(false);
  });

  it("nothing outside users/<uid> is readable or writable, not even the users list", () => {
    expect(read(A, "")).toBe(false);
    expect(read(A, "users")).toBe(false);
    expect(write(A, "users", { [A.uid]: record })).toBe(false);
    expect(write(A, "config/admins", { [A.uid]: true })).toBe(false);
    expect(write(A, "", { users: {} })).toBe(false);
  });
});

describe("database.rules.json — validation", () => {
  const own = (p: string) => `users/${A.uid}${p}`;
  it("rejects wrong field types and out-of-range values in the user record", () => {
    expect(write(A, own("/duration"), "35")).toBe(false);
    expect(write(A, own("/duration"), -1)).toBe(false);
    expect(write(A, own("/audioTitle"), 123)).toBe(false);
    expect(write(A, own("/audioSrc"), "x".repeat(2001))).toBe(false);
    expect(write(A, own("/audioSrc"), "x".repeat(2000))).toBe(true);
    expect(write(A, own(""), "a string instead of a record")).toBe(false);
    expect(write(A, own("/adultConfirmedAt"), Date.now() + 86_400_000)).toBe(false);
    expect(write(A, own("/adultConfirmedAt"), true)).toBe(false);
  });

  it("rejects wrong types in ActiveAudioSync and an older writtenAt over a newer one", () => {
    expect(write(A, own("/ActiveAudioSync"), { ...sync, currentTime: "12", writtenAt: 3000 })).toBe(false);
    expect(write(A, own("/ActiveAudioSync"), { ...sync, Duration: -3, writtenAt: 3000 })).toBe(false);
    expect(write(A, own("/ActiveAudioSync"), { ...sync, AudioImg: { nested: true }, writtenAt: 3000 })).toBe(false);
    expect(write(A, own("/ActiveAudioSync/currentTime"), false)).toBe(false);
    expect(write(A, own("/ActiveAudioSync"), { ...sync, writtenAt: 1000 })).toBe(false); // stored: 2000
    expect(write(A, own("/ActiveAudioSync"), { ...sync, writtenAt: "later" })).toBe(false);
  });

  it("episode positions (ADR 033): whole entries of known fields, never an older updatedAt over a newer one", () => {
    const pos = { audioSrc: fav.audioSrc, audioTitle: "Pilot Light", position: 12, duration: 35, played: false };
    const stored = { users: { [A.uid]: { ...record, positions: { k1: { ...pos, updatedAt: 2000 } } } } };
    expect(write(A, own("/positions/k1"), { ...pos, updatedAt: 3000 }, stored)).toBe(true);
    expect(write(A, own("/positions/k1"), { ...pos, updatedAt: 1000 }, stored)).toBe(false);
    expect(write(A, own("/positions/k2"), { ...pos, played: "yes", updatedAt: 3000 })).toBe(false);
    expect(write(A, own("/positions/k2"), { ...pos, position: -1, updatedAt: 3000 })).toBe(false);
    expect(write(A, own("/positions/k2"), { audioSrc: fav.audioSrc, updatedAt: 3000 })).toBe(false);
    expect(write(A, own("/positions/k2"), { ...pos, updatedAt: 3000, extra: 1 })).toBe(false);
    expect(write(B, own("/positions/k2"), { ...pos, updatedAt: 3000 })).toBe(false);
  });

  it("rejects wrong types in favorites and favorites without a source or title; reads the legacy spelling", () => {
    expect(write(A, own("/favorites/-Nx"), { ...fav, isFav: "yes" })).toBe(false);
    expect(write(A, own("/favorites/-Nx"), { ...fav, Duration: "35" })).toBe(false);
    expect(write(A, own("/favorites/-Nx"), { ...fav, audioSrc: 42 })).toBe(false);
    expect(write(A, own("/favorites/-Nx"), { audioTitle: "no source", isFav: true })).toBe(false);
    expect(write(A, own("/favorites/-Nx"), "just a string")).toBe(false);
    expect(write(A, own("/favorites/-Nx"), { Title: "Old", Episodeurl: "/old.mp3", isFav: true })).toBe(true);
  });

  it("Up Next: a list of entries with a source and a title, at most 100 (indices 0 to 99), nobody else's", () => {
    const entry = {
      audioSrc: "/media/audio/ep-audio-1.mp3",
      title: "Pilot Light",
      image: "",
      duration: 35,
      coldcut: false,
    };
    expect(write(A, own("/upNext"), [entry, { ...entry, audioSrc: "/b.mp3" }])).toBe(true);
    expect(write(A, own("/upNext/99"), entry)).toBe(true);
    expect(write(A, own("/upNext/100"), entry)).toBe(false);
    expect(write(A, own("/upNext"), null)).toBe(true);
    expect(write(A, own("/upNext/0"), { title: "no source" })).toBe(false);
    expect(write(A, own("/upNext/0"), { ...entry, duration: "35" })).toBe(false);
    expect(write(A, own("/upNext/0"), { ...entry, coldcut: "no" })).toBe(false);
    expect(write(A, own("/upNext/0"), { ...entry, owner: B.uid })).toBe(false);
    expect(write(A, `users/${B.uid}/upNext`, [entry])).toBe(false);
    expect(read(A, `users/${B.uid}/upNext`)).toBe(false);
  });

  it("rejects unknown fields at every level", () => {
    expect(write(A, own("/isAdmin"), true)).toBe(false);
    expect(update(A, own(""), { role: "admin" })).toBe(false);
    expect(write(A, own("/ActiveAudioSync"), { ...sync, writtenAt: 3000, extra: "x" })).toBe(false);
    expect(write(A, own("/ActiveAudioSync/script"), "<script>")).toBe(false);
    expect(write(A, own("/favorites/-Nx"), { ...fav, owner: B.uid })).toBe(false);
    expect(write(A, own(""), { ...record, favorites: { "-N1": fav }, secret: 1 })).toBe(false);
  });
});

describe("the rules evaluator is a sandbox", () => {
  it("compiles every expression of database.rules.json", () => {
    const walk = (node: Record<string, unknown>, vars: string[]) => {
      for (const [k, v] of Object.entries(node)) {
        if (k.startsWith(".") && typeof v === "string") expect(() => compileExpression(v, vars)).not.toThrow();
        else if (!k.startsWith(".") && v && typeof v === "object")
          walk(v as Record<string, unknown>, k.startsWith("$") ? [...vars, k] : vars);
      }
    };
    walk(rules.rules, []);
  });

  it.each([
    "process.exit(1)",
    "auth.constructor",
    "data.val().constructor.constructor('return process')()",
    "data['constructor']",
    "newData.val()[0]",
    "this",
    "globalThis",
    "auth = null",
    "$uid",
    "require('fs')",
    "`template`",
  ])("refuses %s", (expression) => {
    expect(() => compileExpression(expression, [])).toThrow(RuleSyntaxError);
  });

  it("a rule that throws is false", () => {
    // auth.uid on a null auth throws → denied, as in Firebase
    expect(canRead({ rules: { ".read": "auth.uid === 'x'" } }, { root: null, path: "", auth: null })).toBe(false);
  });
});
