import crypto from "node:crypto";
import { promisify } from "node:util";
import { PASSWORD_HASH_COST } from "~/rules/auth";

/**
 * Password hashing with scrypt at OWASP's recommended parameters (N=2^17, r=8, p=1).
 * Stored as `scrypt$N$r$p$salt$hash` (base64url), so parameters can be raised later and old
 * hashes still verify.
 */
const scrypt = promisify(crypto.scrypt) as (
  password: string | Buffer,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

export const SCRYPT_PARAMS = { N: 2 ** PASSWORD_HASH_COST, r: 8, p: 1, keyLength: 64 } as const;
type ScryptParams = { N: number; r: number; p: number; keyLength: number };
// 128 * N * r bytes are needed (128 MiB at these parameters); allow headroom.
const maxmem = (N: number, r: number) => 128 * N * r * 2;

export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password.normalize("NFKC"), salt, params.keyLength, {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: maxmem(params.N, params.r),
  });
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !hashB64) return false;
  const N = Number(n),
    R = Number(r),
    P = Number(p);
  if (![N, R, P].every((x) => Number.isInteger(x) && x > 0)) return false;
  const expected = Buffer.from(hashB64, "base64url");
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(saltB64, "base64url"), expected.length, {
    N,
    r: R,
    p: P,
    maxmem: maxmem(N, R),
  });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

export interface Passwords {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Spend the same time as a real check, so an unknown email is not told apart by timing. */
  burn(password: string): Promise<void>;
}

/**
 * Hashing at 2^cost scrypt iterations. Hashes carry their own parameters, so a store keeps
 * verifying old hashes after the cost changes; tests lower it to stay fast.
 */
export function createPasswords(cost = PASSWORD_HASH_COST): Passwords {
  const params = { ...SCRYPT_PARAMS, N: 2 ** cost };
  let dummy: Promise<string> | null = null;
  return {
    hash: (password) => hashPassword(password, params),
    verify: verifyPassword,
    async burn(password) {
      dummy ??= hashPassword("not-a-real-password-for-timing", params);
      await verifyPassword(password, await dummy);
    },
  };
}
