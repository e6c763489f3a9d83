import { describe, expect, it, vi } from "vitest";
import {
  createAccountData,
  DeletionIncomplete,
  FreshSignInRefused,
  type AccountDataStore,
} from "~/services/account-data.server";
import type { Accounts } from "~/services/accounts.server";
import { FRESH_SIGN_IN_WINDOW_S, type FreshSignIn } from "~/rules/account-data";
import { log } from "~/services/log.server";

const user = { uid: "u1", email: "u1@example.com" };
const build = (
  over: { confirm?: () => Promise<void>; stores?: AccountDataStore[]; freshSignIn?: FreshSignIn | null } = {},
) => {
  const deleted: string[] = [];
  const service = createAccountData({
    accounts: {
      getUser: async () => user,
      isEmailVerified: async () => true,
      deleteAccount: async (uid: string) => void deleted.push(`account ${uid}`),
    } as unknown as Accounts,
    auth: {
      confirmPassword: over.confirm ?? (async () => {}),
      endSession: async () => "cleared",
      freshSignIn: async () => over.freshSignIn ?? null,
      keepFreshSignIn: async () => "kept",
    },
    sessions: { deleteForUser: async (uid) => void deleted.push(`sessions ${uid}`) },
    failures: { clearAccount: async (email) => void deleted.push(`failures ${email}`) },
    accountEmail: { accountDeleted: async () => void deleted.push("mail") },
    stores: over.stores ?? [],
  });
  return { service, deleted };
};
const store = (key: string, deleteAllFor: (uid: string) => Promise<void>): AccountDataStore => ({
  key,
  exportFor: async (uid) => ({ [key]: uid }),
  deleteAllFor,
});
const request = { cookieHeader: "c", clientAddress: "198.51.100.1" };

describe("the account-data service", () => {
  it("exports each listed store under its key, after the account", async () => {
    const { service } = build({ stores: [store("queue", async () => {}), store("positions", async () => {})] });
    expect(await service.exportFor(user)).toMatchObject({
      account: { uid: "u1", email: "u1@example.com", emailVerified: true },
      queue: { queue: "u1" },
      positions: { positions: "u1" },
    });
  });

  it("signs out, empties every store, then the account, its failures, and mails; a wrong password touches nothing", async () => {
    const wrong = build({
      confirm: async () => Promise.reject(new Error("Invalid email or password.")),
      stores: [store("a", async () => {})],
    });
    await expect(wrong.service.deleteAccount(user, { password: "x" }, request)).rejects.toThrow(
      "Invalid email or password.",
    );
    expect(wrong.deleted).toEqual([]);

    const emptied: string[] = [];
    const { service, deleted } = build({ stores: [store("a", async (uid) => void emptied.push(`a ${uid}`))] });
    expect(await service.deleteAccount(user, { password: "right" }, request)).toBe("cleared");
    expect(emptied).toEqual(["a u1"]);
    expect(deleted).toEqual(["sessions u1", "account u1", "failures u1@example.com", "mail"]);
  });

  it("a store failing after the password was right is told apart from a check that could not run", async () => {
    const broken = build({ stores: [store("a", () => Promise.reject(new Error("down")))] });
    const error = await broken.service.deleteAccount(user, { password: "right" }, request).catch((e: unknown) => e);
    expect(DeletionIncomplete.is(error)).toBe(true);
    expect(broken.deleted).toEqual(["sessions u1"]);
    const unavailable = build({ confirm: () => Promise.reject(new Error("accounts down")) });
    expect(
      DeletionIncomplete.is(await unavailable.service.deleteAccount(user, { password: "x" }, request).catch((e) => e)),
    ).toBe(false);
  });

  it("a mail that cannot be sent does not undo or fail the deletion", async () => {
    const failing = createAccountData({
      accounts: { deleteAccount: async () => {} } as unknown as Accounts,
      auth: {
        confirmPassword: async () => {},
        endSession: async () => "cleared",
        freshSignIn: async () => null,
        keepFreshSignIn: async () => "kept",
      },
      sessions: { deleteForUser: async () => {} },
      failures: { clearAccount: async () => {} },
      accountEmail: { accountDeleted: () => Promise.reject(new Error("smtp down")) },
      stores: [],
    });
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    expect(await failing.deleteAccount(user, { password: "right" }, request)).toBe("cleared");
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("smtp down"));
    logged.mockRestore();
  });

  it("without a password: only a fresh sign-in into this account, kept in this session, deletes; a stale or foreign one touches nothing", async () => {
    const refused = async (freshSignIn: FreshSignIn | null) => {
      const { service, deleted } = build({ freshSignIn, confirm: () => Promise.reject(new Error("no password")) });
      const error = await service.deleteAccount(user, { freshSignIn: true }, request).catch((e: unknown) => e);
      expect(deleted).toEqual([]);
      return FreshSignInRefused.is(error) ? error.reason : error;
    };
    const now = Date.now();
    expect(await refused(null)).toBe("none");
    expect(await refused({ uid: "someone-else", at: now })).toBe("wrong-account");
    expect(await refused({ uid: "u1", at: now - (FRESH_SIGN_IN_WINDOW_S + 5) * 1000 })).toBe("expired");

    const { service, deleted } = build({ freshSignIn: { uid: "u1", at: now - 1000 } });
    expect(await service.deleteAccount(user, { freshSignIn: true }, request)).toBe("cleared");
    expect(deleted).toEqual(["sessions u1", "account u1", "failures u1@example.com", "mail"]);
  });

  it("keeps a provider sign-in only when it is into this account and fresh", async () => {
    const { service } = build();
    const reason = (p: Promise<unknown>) => p.then(String, (e: unknown) => (FreshSignInRefused.is(e) ? e.reason : e));
    expect(await service.confirmFreshSignIn(user, { uid: "u1", at: Date.now() }, "c")).toBe("kept");
    expect(await reason(service.confirmFreshSignIn(user, null, "c"))).toBe("wrong-account");
    expect(await reason(service.confirmFreshSignIn(user, { uid: "u2", at: Date.now() }, "c"))).toBe("wrong-account");
    expect(await reason(service.confirmFreshSignIn(user, { uid: "u1", at: 0 }, "c"))).toBe("expired");
  });
});
