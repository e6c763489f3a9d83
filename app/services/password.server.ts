import crypto from "node:crypto";
import os from "node:os";
import Tinypool from "tinypool";
import {
  PASSWORD_HASH_BLOCK_SIZE,
  PASSWORD_HASH_COST,
  PASSWORD_HASH_PARALLELISM,
  PASSWORD_HASH_QUEUE,
} from "~/rules/auth";

/**
 * Password hashing with scrypt, stored as `scrypt$N$r$p$salt$hash` (base64url): a hash carries
 * its parameters, so hashes made with others keep verifying, and are made anew at the next
 * sign-in.
 *
 * Hashing runs on worker threads of its own, never on libuv's thread pool, which also reads the
 * static files and compresses answers: a burst of sign-ins once kept stylesheets waiting for
 * seconds. At most `threads` hashes run and `queue` more wait; past that a check is refused at
 * once (PasswordsBusy) rather than queued for seconds.
 */
export const SCRYPT_PARAMS = {
  N: 2 ** PASSWORD_HASH_COST,
  r: PASSWORD_HASH_BLOCK_SIZE,
  p: PASSWORD_HASH_PARALLELISM,
  keyLength: 64,
} as const;
type ScryptParams = { N: number; r: number; p: number; keyLength: number };
type ScryptTask = ScryptParams & { password: string; salt: Uint8Array };

// One module for the worker threads that loads the same way from the sources (tests), the dev
// server and the bundled build. scryptSync keeps the work on the worker's own thread (the async
// scrypt would hand it back to libuv's pool). 128·N·r bytes are needed; allow headroom.
// On Linux each thread has a nice value of its own: a hashing thread takes the lowest priority,
// so on a busy machine pages and writes go first and a sign-in waits (ADR 036).
const WORKER = `data:text/javascript,${encodeURIComponent(`
import { scryptSync } from "node:crypto";
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
try {
  setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), 19);
} catch {}
export default ({ password, salt, N, r, p, keyLength }) =>
  scryptSync(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r });
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

const parse = (stored: string) => {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split("$");
  const [N, R, P] = [n, r, p].map(Number) as [number, number, number];
  if (scheme !== "scrypt" || !saltB64 || !hashB64 || ![N, R, P].every((x) => Number.isInteger(x) && x > 0)) {
    return null;
  }
  const expected = Buffer.from(hashB64, "base64url");
  return { N, r: R, p: P, keyLength: expected.length, salt: Buffer.from(saltB64, "base64url"), expected };
};

/** Hashing at N = 2^cost (tests lower it to stay fast). */
export function createPasswords(cost = PASSWORD_HASH_COST, limits: HashLimits = {}): Passwords {
  const params: ScryptParams = { ...SCRYPT_PARAMS, N: 2 ** cost };
  const threads = limits.threads ?? Math.max(1, Math.floor(os.availableParallelism() / 2));
  const admit = threads + (limits.queue ?? PASSWORD_HASH_QUEUE);
  let pool: Tinypool | undefined;
  let admitted = 0;

  const scrypt = async (task: ScryptTask): Promise<Buffer> => {
    if (admitted >= admit) throw new PasswordsBusy();
    admitted++;
    try {
      // Idle threads end after a while and never keep the process alive (the pool unrefs them).
      pool ??= new Tinypool({ filename: WORKER, minThreads: 0, maxThreads: threads, idleTimeout: 30_000 });
      const out = (await pool.run(task)) as Uint8Array;
      return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
    } finally {
      admitted--;
    }
  };
  const hash = async (password: string) => {
    const salt = crypto.randomBytes(16);
    const derived = await scrypt({ ...params, password: password.normalize("NFKC"), salt });
    return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), derived.toString("base64url")].join(
      "$",
    );
  };
  const verify = async (password: string, stored: string) => {
    const s = parse(stored);
    if (!s) return false;
    const actual = await scrypt({ ...s, password: password.normalize("NFKC") });
    return actual.length === s.expected.length && crypto.timingSafeEqual(actual, s.expected);
  };
  let dummy: Promise<string> | null = null;

  return {
    hash,
    verify,
    full: () => admitted >= admit,
    async rehash(password, stored) {
      const s = parse(stored);
      if (s && s.N === params.N && s.r === params.r && s.p === params.p && s.keyLength === params.keyLength)
        return null;
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
