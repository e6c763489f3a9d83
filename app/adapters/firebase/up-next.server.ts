import { UP_NEXT_MAX } from "~/rules/library";
import { applyUpNextEdit, readUpNextItems, type UpNextStore } from "~/services/up-next.server";
import { RemoteError, type FetchLike } from "../http/remote-json.server";
import type { AccessTokenProvider } from "./credentials.server";
import { requestJson, type JsonAnswer } from "./http.server";
import { keyedLock } from "./lock.server";

/**
 * Up Next in the show's Realtime Database at users/<uid>/upNext: a list (stored as 0, 1, 2…)
 * of { audioSrc, title, image, duration, coldcut }. Requests are downscoped to the listener
 * like the library's (database.rules.json applies to the server too). An edit reads the list
 * with its ETag and writes it whole on condition that nothing changed meanwhile; another
 * server's edit makes that a 412, and the edit is decided again on the fresh list.
 */
export interface FirebaseUpNextConfig {
  databaseUrl: string;
  getAccessToken: AccessTokenProvider;
  timeoutMs?: number;
  max?: number;
  fetch?: FetchLike;
}

const KEY = /^[^.#$[\]/\u0000-\u001f\u007f]{1,128}$/;

export function createFirebaseUpNext(config: FirebaseUpNextConfig): UpNextStore {
  const base = new URL(config.databaseUrl);
  const host = base.host;
  const max = config.max ?? UP_NEXT_MAX;
  const withLock = keyedLock();

  async function request(uid: string, method: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
    if (!KEY.test(uid)) throw new RemoteError(`${host}: refused an invalid uid`);
    const url = new URL(base.href);
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/users/${encodeURIComponent(uid)}/upNext.json`;
    url.searchParams.set("access_token", await config.getAccessToken());
    url.searchParams.set("auth_variable_override", JSON.stringify({ uid }));
    const answer: JsonAnswer = await requestJson(
      url.href,
      { method, ...init },
      { fetch: config.fetch, timeoutMs: config.timeoutMs },
    );
    if (answer.status !== 412 && (answer.status < 200 || answer.status >= 300))
      throw new RemoteError(`${host}: up next ${method} HTTP ${answer.status}`, answer.status);
    return answer;
  }
  const list = async (uid: string) => readUpNextItems((await request(uid, "GET")).body);

  return {
    list,
    edit(uid, edit) {
      return withLock(uid, async () => {
        // Each other server's edit that wins costs one try.
        for (let attempt = 0; attempt < 10; attempt++) {
          const answer = await request(uid, "GET", { headers: { "X-Firebase-ETag": "true" } });
          const etag = answer.headers.get("ETag");
          if (!etag) throw new RemoteError(`${host}: no ETag on a conditional read`);
          const before = readUpNextItems(answer.body);
          const after = applyUpNextEdit(before, edit, max);
          if (!after || after === before) return after;
          // An empty list is no node at all.
          const written = await request(uid, "PUT", {
            headers: { "if-match": etag },
            body: after.length ? after : null,
          });
          if (written.status !== 412) return after;
        }
        throw new RemoteError(`${host}: Up Next changed on every try; not changed`);
      });
    },
    async exportFor(uid) {
      return { upNext: await list(uid) };
    },
    async deleteAllFor(uid) {
      await withLock(uid, async () => void (await request(uid, "DELETE")));
    },
  };
}
