import { afterAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "~/config/env.server";
import { cachedAccessToken } from "~/adapters/firebase/credentials.server";
import { readServiceAccount } from "~/config/service-account.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-firebase-config-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const { privateKey } = crypto.generateKeyPairSync("rsa", {
  modulusLength: 1024,
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const account = {
  type: "service_account",
  project_id: "hrs-show",
  client_email: "app@hrs-show.iam.gserviceaccount.com",
  private_key: privateKey,
};
const accountFile = path.join(dir, "service-account.json");
fs.writeFileSync(accountFile, JSON.stringify(account));

const firebaseEnv = {
  ACCOUNTS_SOURCE: "firebase",
  FIREBASE_API_KEY: "AIza-test",
  FIREBASE_PROJECT_ID: "hrs-show",
  FIREBASE_DATABASE_URL: "https://hrs-show-default-rtdb.firebaseio.com",
  FIREBASE_SERVICE_ACCOUNT: accountFile,
};

describe("ACCOUNTS_SOURCE configuration", () => {
  it("defaults to the embedded accounts, with no Firebase variable needed", () => {
    const env = parseEnv({});
    expect(env.ACCOUNTS_SOURCE).toBe("embedded");
    expect(env.FIREBASE_AUTH_URL).toBe("https://identitytoolkit.googleapis.com");
  });

  it("ACCOUNTS_SOURCE=firebase names every missing variable", () => {
    expect(() => parseEnv({ ACCOUNTS_SOURCE: "firebase" })).toThrow(
      /FIREBASE_API_KEY is required when ACCOUNTS_SOURCE=firebase[\s\S]*FIREBASE_PROJECT_ID is required[\s\S]*FIREBASE_DATABASE_URL is required[\s\S]*FIREBASE_SERVICE_ACCOUNT is required/,
    );
    expect(() => parseEnv({ ACCOUNTS_SOURCE: "supabase" })).toThrow(/ACCOUNTS_SOURCE/);
    expect(() => parseEnv({ ...firebaseEnv, FIREBASE_DATABASE_URL: "not a url" })).toThrow(/FIREBASE_DATABASE_URL/);
  });

  it("accepts the service account as a path or as the JSON itself, and says what is wrong with a bad one", () => {
    expect(parseEnv(firebaseEnv).ACCOUNTS_SOURCE).toBe("firebase");
    expect(() => parseEnv({ ...firebaseEnv, FIREBASE_SERVICE_ACCOUNT: JSON.stringify(account) })).not.toThrow();
    expect(() => parseEnv({ ...firebaseEnv, FIREBASE_SERVICE_ACCOUNT: path.join(dir, "missing.json") })).toThrow(
      /FIREBASE_SERVICE_ACCOUNT: cannot read the service account file .*missing\.json \(ENOENT\)/,
    );
    expect(() => parseEnv({ ...firebaseEnv, FIREBASE_SERVICE_ACCOUNT: "{not json" })).toThrow(
      /FIREBASE_SERVICE_ACCOUNT: the service account is not valid JSON/,
    );
    const noKey = JSON.stringify({ ...account, private_key: "" });
    const e = (() => {
      try {
        parseEnv({ ...firebaseEnv, FIREBASE_SERVICE_ACCOUNT: noKey });
        return null;
      } catch (error) {
        return error as Error;
      }
    })();
    expect(e?.message).toMatch(/FIREBASE_SERVICE_ACCOUNT: the service account JSON has no valid private_key/);
    // the key itself never appears in an error
    expect(() =>
      parseEnv({ ...firebaseEnv, FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ ...account, client_email: "x" }) }),
    ).toThrow(/^(?![\s\S]*PRIVATE KEY)[\s\S]*client_email/);
    expect(readServiceAccount(accountFile)).toMatchObject({
      project_id: "hrs-show",
      client_email: account.client_email,
    });
  });

  it("a fixed FIREBASE_ACCESS_TOKEN (emulators, local fakes) stands in for the service account", () => {
    const { FIREBASE_SERVICE_ACCOUNT: _unused, ...rest } = firebaseEnv;
    expect(parseEnv({ ...rest, FIREBASE_ACCESS_TOKEN: "owner" }).FIREBASE_ACCESS_TOKEN).toBe("owner");
  });
});

describe("access token cache", () => {
  it("reuses a token until five minutes before it expires, refreshes once for concurrent callers, never caches a failure", async () => {
    let now = 1_000_000;
    let calls = 0;
    let fail = false;
    const provider = cachedAccessToken(
      async () => {
        calls++;
        await new Promise((r) => setTimeout(r, 10));
        if (fail) throw new Error("invalid_grant: secret details");
        return { access_token: `token-${calls}`, expires_in: 3600 };
      },
      { now: () => now },
    );
    expect(await Promise.all([provider(), provider(), provider()])).toEqual(["token-1", "token-1", "token-1"]);
    now += 54 * 60_000;
    expect(await provider()).toBe("token-1");
    now += 2 * 60_000; // 56 min: inside the 5-minute margin
    expect(await provider()).toBe("token-2");
    now += 60 * 60_000;
    fail = true;
    await expect(provider()).rejects.toThrow(/^oauth2: cannot get an access token \(Error\)$/);
    fail = false;
    expect(await provider()).toBe("token-4");
    expect(calls).toBe(4);
  });

  it("times out a hanging token request", async () => {
    const provider = cachedAccessToken(() => new Promise(() => undefined), { timeoutMs: 50 });
    await expect(provider()).rejects.toThrow(/timed out/);
  });
});

describe("firebase-admin stays out of the embedded default", () => {
  it("is only ever imported dynamically, from the credentials module", () => {
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(ts|tsx)$/.test(e.name)) files.push(p);
      }
    };
    walk("app");
    files.push("server.ts");
    const offenders = files.filter((f) =>
      /from\s+["']firebase-admin|require\(["']firebase-admin/.test(fs.readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
    expect(fs.readFileSync("app/adapters/firebase/credentials.server.ts", "utf8")).toMatch(
      /import\("firebase-admin\/app"\)/,
    );
  });
});
