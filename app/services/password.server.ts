import crypto from "node:crypto";
import { createRequire } from "node:module";
import os from "node:os";
import { pathToFileURL } from "node:url";
import Tinypool from "tinypool";
import { watchPasswords } from "./metrics.server";
import {
  PASSWORD_HASH_ITERATIONS,
  PASSWORD_HASH_MEMORY_KIB,
  PASSWORD_HASH_PARALLELISM,
  PASSWORD_HASH_QUEUE,
} from "~/rules/auth";

/**
 * Password hashing with Argon2id, stored as its PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`).
 * A hash carries its parameters, so one made with others keeps verifying and is made anew at the
 * next sign-in; so do the scrypt hashes this app made before (`scrypt$N$r$p$salt$hash`, base64url;
 * ADR 055).
 *
 * Hashing runs on worker threads of its own, never on libuv's thread pool, which also reads the
 * static files and compresses answers: a burst of sign-ins once kept stylesheets waiting for
 * seconds. At most `threads` hashes run and `queue` more wait; past that a check is refused at
 * once (PasswordsBusy) rather than queued for seconds.
 */
export const ARGON2_PARAMS = {
  memoryCost: PASSWORD_HASH_MEMORY_KIB,
  timeCost: PASSWORD_HASH_ITERATIONS,
  parallelism: PASSWORD_HASH_PARALLELISM,
} as const;
type Argon2Params = { memoryCost: number; timeCost: number; parallelism: number };
type Task =
  | { kind: "argon2id"; password: string; params: Argon2Params }
  | { kind: "verify-argon2"; password: string; stored: string }
  | { kind: "scrypt"; password: string; salt: Uint8Array; N: number; r: number; p: number; keyLength: number };

// A data: module can import builtins and absolute URLs only, so the library goes in by its file
// URL, resolved here where node_modules is in reach (sources, dev server and bundled build alike).
const ARGON2 = pathToFileURL(createRequire(import.meta.url).resolve("@node-rs/argon2")).href;

// One module for the worker threads that loads the same way from the sources (tests), the dev
// server and the bundled build. Only the synchronous calls are used: they keep the work on the
// worker's own thread (the async ones would hand it to libuv's pool). scrypt needs 128·N·r bytes;
// allow headroom. On Linux each thread has a nice value of its own: a hashing thread takes the
// lowest priority, so on a busy machine pages and writes go first and a sign-in waits (ADR 036).
const WORKER = `data:text/javascript,${encodeURIComponent(`
import { scryptSync } from "node:crypto";
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import argon2 from ${JSON.stringify(ARGON2)};
try {
  setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), 19);
} catch {}
export default (task) => {
  if (task.kind === "argon2id") return argon2.hashSync(task.password, { algorithm: argon2.Algorithm.Argon2id, ...task.params });
  if (task.kind === "verify-argon2") {
    try {
      return argon2.verifySync(task.stored, task.password);
    } catch {
      return false;
    }
  }
  const { password, salt, N, r, p, keyLength } = task;
  return scryptSync(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r });
};
`)}`;

/** Every hashing thread is busy and the queue is full: the caller says "try again shortly". */
export class PasswordsBusy extends Error {
  name = "PasswordsBusy";
  constructor() {
    super("Every password check is taken; try again shortly.");
  }
  /** Services and routes can hold two copies of this class (see AccountError.is): check the brand. */
  static is(error: unknown): error is PasswordsBusy {
    return error instanceof Error && error.name === "PasswordsBusy";
  }
}

export interface Passwords {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * After a right password: a hash at today's parameters when `stored` has others, else null
   * (also null when every thread is busy: the next sign-in upgrades it).
   */
  rehash(password: string, stored: string): Promise<string | null>;
  /** Spend the same time as a real check, so an unknown email is not told apart by timing. */
  burn(password: string): Promise<void>;
  /** Every thread is busy and the queue is full: the next check would be refused. */
  full(): boolean;
}

export interface HashLimits {
  /** Hashes at once (threads); default half the cores, at least one. */
  threads?: number;
  /** Hashes that may wait beyond those running. */
  queue?: number;
}

const parseScrypt = (stored: string) => {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split("$");
  const [N, R, P] = [n, r, p].map(Number) as [number, number, number];
  if (scheme !== "scrypt" || !saltB64 || !hashB64 || ![N, R, P].every((x) => Number.isInteger(x) && x > 0)) {
    return null;
  }
  const expected = Buffer.from(hashB64, "base64url");
  return { N, r: R, p: P, keyLength: expected.length, salt: Buffer.from(saltB64, "base64url"), expected };
};
const ARGON2ID = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/** Hashing at Argon2id with `iterations` passes (tests raise it to make checks slow). */
export function createPasswords(iterations = PASSWORD_HASH_ITERATIONS, limits: HashLimits = {}): Passwords {
  const params: Argon2Params = { ...ARGON2_PARAMS, timeCost: iterations };
  const threads = limits.threads ?? Math.max(1, Math.floor(os.availableParallelism() / 2));
  const admit = threads + (limits.queue ?? PASSWORD_HASH_QUEUE);
  let pool: Tinypool | undefined;
  let admitted = 0;
  watchPasswords(() => ({ admitted, threads }));

  const run = async <T>(task: Task): Promise<T> => {
    if (admitted >= admit) throw new PasswordsBusy();
    admitted++;
    try {
      // Idle threads end after a while and never keep the process alive (the pool unrefs them).
      pool ??= new Tinypool({ filename: WORKER, minThreads: 0, maxThreads: threads, idleTimeout: 30_000 });
      return (await pool.run(task)) as T;
    } finally {
      admitted--;
    }
  };
  const hash = (password: string) => run<string>({ kind: "argon2id", password: password.normalize("NFKC"), params });
  const verify = async (password: string, stored: string) => {
    if (ARGON2ID.test(stored)) {
      return run<boolean>({ kind: "verify-argon2", password: password.normalize("NFKC"), stored });
    }
    const s = parseScrypt(stored);
    if (!s) return false;
    const { expected, ...task } = s;
    const out = await run<Uint8Array>({ kind: "scrypt", ...task, password: password.normalize("NFKC") });
    const actual = Buffer.from(out.buffer, out.byteOffset, out.byteLength);
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
  };
  let dummy: Promise<string> | null = null;

  return {
    hash,
    verify,
    full: () => admitted >= admit,
    async rehash(password, stored) {
      const [, m, t, p] = ARGON2ID.exec(stored)?.map(Number) ?? [];
      if (m === params.memoryCost && t === params.timeCost && p === params.parallelism) return null;
      return hash(password).catch((error: unknown) => {
        if (PasswordsBusy.is(error)) return null;
        throw error;
      });
    },
    async burn(password) {
      dummy ??= hash("not-a-real-password-for-timing");
      const stored = await dummy.catch((error: unknown) => {
        dummy = null; // refused (busy): the next burn makes it again
        throw error;
      });
      await verify(password, stored);
    },
  };
}
