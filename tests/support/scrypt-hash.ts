import crypto from "node:crypto";

/** A password hash as this app stored them before Argon2id (ADR 055): scrypt N=2^n, r=8, p. */
export function scryptHash(password: string, n = 14, p = 5): string {
  const salt = crypto.randomBytes(16);
  const derived = crypto.scryptSync(password, salt, 64, { N: 2 ** n, r: 8, p, maxmem: 256 * 2 ** n * 8 });
  return ["scrypt", 2 ** n, 8, p, salt.toString("base64url"), derived.toString("base64url")].join("$");
}
