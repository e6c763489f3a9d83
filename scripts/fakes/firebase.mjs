// A local stand-in for the show's Firebase project: the Identity Toolkit REST endpoints the accounts
// adapter calls (accounts:signUp / accounts:signInWithPassword / accounts:sendOobCode /
// accounts:update with an oobCode / accounts:resetPassword with the web API key; the admin
// projects/<id>/accounts, accounts:lookup, accounts:update, accounts:delete, accounts:sendOobCode
// with a Bearer token), answering as the Auth emulator does, and
// the Realtime Database REST subset (GET/PUT/PATCH/POST/DELETE on <path>.json, access_token
// required, auth_variable_override honoured, X-Firebase-ETag / if-match with 412). Database writes
// and reads made with auth_variable_override are checked against database.rules.json by the rules
// evaluator (scripts/fakes/firebase-rules.mjs), as the real database would.
//
// The browser half of the Auth emulator's protocol too, for the Firebase client's popup sign-in
// (connectAuthEmulator; firebase-admin's FIREBASE_AUTH_EMULATOR_HOST uses the same paths under
// /identitytoolkit.googleapis.com and the "owner" token): the IdP widget (/emulator/auth/handler)
// and the helper iframe (/emulator/auth/iframe) relaying the auth event as the emulator's pages do,
// a stand-in for Google's iframe library (/__gapi.js, which tests serve as apis.google.com's
// api.js), accounts:signInWithIdp and accounts:lookup by ID token. ID tokens are the emulator's:
// unsigned JWTs (alg "none") naming this project.
//
// Every request is recorded (`requests`, or GET /__requests); each service can be switched to
// fail (503), slow (10 s) or junk (invalid JSON): setMode("auth"|"rtdb", "ok"|"fail"|"slow"|"junk").
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { canRead, canUpdate, canWrite, getAt, normalize, setAt } from "./firebase-rules.mjs";

const ALPHANUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const newLocalId = () => Array.from(crypto.randomBytes(28), (b) => ALPHANUM[b % ALPHANUM.length]).join("");

// Push ids as the Firebase SDKs make them: 8 characters of time, 12 random; they sort by time.
const PUSH_CHARS = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
let lastPushTime = 0;
let lastRandom = [];
function pushId(now = Date.now()) {
  const dup = now === lastPushTime;
  lastPushTime = now;
  let time = "";
  for (let i = 0, t = now; i < 8; i++, t = Math.floor(t / 64)) time = PUSH_CHARS.charAt(t % 64) + time;
  if (!dup) lastRandom = Array.from({ length: 12 }, () => Math.floor(Math.random() * 64));
  else {
    let i = 11;
    while (i >= 0 && lastRandom[i] === 63) lastRandom[i--] = 0;
    if (i >= 0) lastRandom[i]++;
  }
  return time + lastRandom.map((n) => PUSH_CHARS.charAt(n)).join("");
}

const etagOf = (value) =>
  crypto
    .createHash("sha1")
    .update(JSON.stringify(value ?? null))
    .digest("base64");
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function startFirebaseFake({
  port = 0,
  host = "127.0.0.1",
  apiKey = "fake-api-key",
  projectId = "hrs-fake",
  accessToken = "fake-admin-token",
  rules = JSON.parse(fs.readFileSync(path.resolve("database.rules.json"), "utf8")),
} = {}) {
  const accounts = new Map();
  let root = null;
  const requests = [];
  const modes = { auth: "ok", rtdb: "ok" };
  const options = { enumerationProtection: true };
  const oobCodes = new Map(); // oobCode → { requestType, email, expiresAt }
  const OOB_TTL_MS = 60 * 60_000;
  const failNext = new Map(); // endpoint → error message (one shot)
  const beforeWrite = []; // one-shot hooks run before the next RTDB write is applied
  const timers = new Set();

  const byEmail = (email) => [...accounts.values()].find((a) => a.email && a.email === String(email).toLowerCase());
  const byProvider = (providerId, rawId) =>
    [...accounts.values()].find((a) =>
      a.providerUserInfo.some((p) => p.providerId === providerId && p.rawId === rawId),
    );
  const publicUser = (a) => ({
    localId: a.localId,
    ...(a.email ? { email: a.email } : {}),
    emailVerified: a.emailVerified,
    ...(a.password ? { passwordHash: "UkVEQUNURUQ=" } : {}),
    providerUserInfo: a.providerUserInfo.map((p) => ({ ...p, federatedId: p.rawId })),
    disabled: a.disabled,
    createdAt: String(a.createdAt),
  });
  function createAccount({
    email = null,
    password = null,
    emailVerified = false,
    disabled = false,
    localId = newLocalId(),
    providers = [],
  }) {
    const account = {
      localId,
      email: email ? email.toLowerCase() : null,
      password,
      emailVerified,
      disabled,
      createdAt: Date.now(),
      providerUserInfo: providers.map((p) => ({
        providerId: p.providerId,
        rawId: p.rawId,
        ...(p.email ? { email: p.email } : {}),
      })),
    };
    if (password && email)
      account.providerUserInfo.push({ providerId: "password", rawId: account.email, email: account.email });
    accounts.set(localId, account);
    return account;
  }

  const apiError = (res, status, message) =>
    send(res, status, { error: { code: status, message, errors: [{ message, domain: "global", reason: "invalid" }] } });
  function send(res, status, body, headers = {}) {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  }

  /** An emulator ID token: unsigned, this project's issuer and audience, an hour long. */
  function idTokenFor(a, providerId, now = Math.floor(Date.now() / 1000)) {
    const part = (o) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const payload = {
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: now,
      user_id: a.localId,
      sub: a.localId,
      iat: now,
      exp: now + 3600,
      ...(a.email ? { email: a.email, email_verified: a.emailVerified } : {}),
      firebase: { identities: {}, sign_in_provider: providerId },
    };
    return `${part({ alg: "none", typ: "JWT" })}.${part(payload)}.`;
  }
  function decodeIdToken(token) {
    try {
      return JSON.parse(Buffer.from(String(token).split(".")[1], "base64url").toString("utf8"));
    } catch {
      return null;
    }
  }

  function identityToolkit(req, res, url, body) {
    const pathname = url.pathname;
    const adminMatch = /^\/v1\/projects\/([^/]+)\/(accounts(?::lookup|:update|:delete|:sendOobCode)?)$/.exec(pathname);
    const publicMatch =
      /^\/v1\/(accounts:(?:signUp|signInWithPassword|sendOobCode|update|resetPassword|signInWithIdp|lookup))$/.exec(
        pathname,
      );
    const endpoint = adminMatch?.[2] ?? publicMatch?.[1];
    if (req.method !== "POST" || !endpoint) return apiError(res, 404, "NOT_FOUND");
    if (publicMatch && url.searchParams.get("key") !== apiKey) {
      return apiError(res, 400, "API key not valid. Please pass a valid API key.");
    }
    if (adminMatch) {
      if (![`Bearer ${accessToken}`, "Bearer owner"].includes(req.headers.authorization)) {
        return apiError(res, 401, "Request had invalid authentication credentials. Expected OAuth 2 access token.");
      }
      if (decodeURIComponent(adminMatch[1]) !== projectId) return apiError(res, 404, "PROJECT_NOT_FOUND");
    }
    if (failNext.has(endpoint)) {
      const message = failNext.get(endpoint);
      failNext.delete(endpoint);
      return apiError(res, 400, message);
    }
    const b = body ?? {};
    // A valid out-of-band code's record (codes expire after an hour, as Firebase's do).
    const oob = (code) => {
      const record = code ? oobCodes.get(code) : undefined;
      if (record && record.expiresAt < Date.now()) oobCodes.delete(code);
      return record && record.expiresAt >= Date.now() ? record : null;
    };
    if (publicMatch && endpoint === "accounts:update") {
      // Without admin rights only an oobCode (or an ID token, which nothing here issues) updates.
      if (!b.oobCode) return apiError(res, 400, "INVALID_REQ_TYPE : Unsupported request parameters.");
      const record = oob(b.oobCode);
      if (!record || record.requestType !== "VERIFY_EMAIL") return apiError(res, 400, "INVALID_OOB_CODE");
      oobCodes.delete(b.oobCode);
      const a = byEmail(record.email);
      if (!a) return apiError(res, 400, "INVALID_OOB_CODE");
      if (a.disabled) return apiError(res, 400, "USER_DISABLED");
      a.emailVerified = true;
      return send(res, 200, { kind: "identitytoolkit#SetAccountInfoResponse", ...publicUser(a) });
    }
    if (publicMatch && endpoint === "accounts:lookup") {
      const claims = decodeIdToken(b.idToken);
      const a = claims && accounts.get(claims.user_id);
      if (!a) return apiError(res, 400, "INVALID_ID_TOKEN");
      return send(res, 200, { kind: "identitytoolkit#GetAccountInfoResponse", users: [publicUser(a)] });
    }
    switch (endpoint) {
      case "accounts:signInWithIdp": {
        // The widget's answer: <handler>?providerId=…&id_token=<the IdP's claims as JSON>.
        let providerId, claims;
        try {
          const answer = new URL(b.requestUri);
          providerId = answer.searchParams.get("providerId");
          claims = JSON.parse(answer.searchParams.get("id_token") ?? "");
        } catch {
          return apiError(res, 400, "INVALID_IDP_RESPONSE");
        }
        if (!providerId || !claims?.sub) return apiError(res, 400, "INVALID_IDP_RESPONSE");
        let a = byProvider(providerId, String(claims.sub));
        const isNewUser = !a;
        a ??= createAccount({
          email: claims.email ?? null,
          emailVerified: Boolean(claims.email_verified),
          providers: [{ providerId, rawId: String(claims.sub), email: claims.email }],
        });
        return send(res, 200, {
          kind: "identitytoolkit#VerifyAssertionResponse",
          localId: a.localId,
          providerId,
          federatedId: String(claims.sub),
          ...(a.email ? { email: a.email } : {}),
          emailVerified: a.emailVerified,
          rawUserInfo: JSON.stringify(claims),
          isNewUser,
          idToken: idTokenFor(a, providerId),
          refreshToken: `fake-refresh-token.${a.localId}`,
          expiresIn: "3600",
        });
      }
      case "accounts:sendOobCode": {
        if (!b.requestType) return apiError(res, 400, "MISSING_REQ_TYPE");
        if (b.returnOobLink && !adminMatch) return apiError(res, 400, "INSUFFICIENT_PERMISSION");
        let email;
        if (b.requestType === "PASSWORD_RESET") {
          if (!b.email) return apiError(res, 400, "MISSING_EMAIL");
          email = String(b.email).toLowerCase();
          if (!byEmail(email)) {
            if (options.enumerationProtection)
              return send(res, 200, { kind: "identitytoolkit#GetOobConfirmationCodeResponse", email });
            return apiError(res, 400, "EMAIL_NOT_FOUND");
          }
        } else if (b.requestType === "VERIFY_EMAIL") {
          // The admin form (returnOobLink, no ID token) names the account by its address.
          if (!(b.returnOobLink && !b.idToken)) return apiError(res, 400, "INVALID_ID_TOKEN");
          if (!b.email) return apiError(res, 400, "MISSING_EMAIL");
          email = String(b.email).toLowerCase();
          if (!byEmail(email)) return apiError(res, 400, "USER_NOT_FOUND");
        } else return apiError(res, 400, `INVALID_REQ_TYPE : ${b.requestType}`);
        const oobCode = crypto.randomBytes(36).toString("base64url");
        oobCodes.set(oobCode, { requestType: b.requestType, email, expiresAt: Date.now() + OOB_TTL_MS });
        const mode = b.requestType === "VERIFY_EMAIL" ? "verifyEmail" : "resetPassword";
        const oobLink = `${origin}/emulator/action?mode=${mode}&lang=en&oobCode=${oobCode}&apiKey=${apiKey}`;
        return send(
          res,
          200,
          b.returnOobLink
            ? { kind: "identitytoolkit#GetOobConfirmationCodeResponse", email, oobCode, oobLink }
            : { kind: "identitytoolkit#GetOobConfirmationCodeResponse", email },
        );
      }
      case "accounts:resetPassword": {
        if (!b.oobCode) return apiError(res, 400, "MISSING_OOB_CODE");
        const record = oob(b.oobCode);
        if (!record) return apiError(res, 400, "INVALID_OOB_CODE");
        if (b.newPassword !== undefined) {
          if (record.requestType !== "PASSWORD_RESET") return apiError(res, 400, "INVALID_OOB_CODE");
          if (String(b.newPassword).length < 6)
            return apiError(res, 400, "WEAK_PASSWORD : Password should be at least 6 characters");
          oobCodes.delete(b.oobCode);
          const a = byEmail(record.email);
          if (!a) return apiError(res, 400, "INVALID_OOB_CODE");
          if (a.disabled) return apiError(res, 400, "USER_DISABLED");
          // As the emulator does: the password is set, the address verified, and every other
          // provider unlinked (whoever owns the mailbox owns the account).
          a.password = b.newPassword;
          a.emailVerified = true;
          a.providerUserInfo = [{ providerId: "password", rawId: a.email, email: a.email }];
        }
        return send(res, 200, {
          kind: "identitytoolkit#ResetPasswordResponse",
          requestType: record.requestType,
          email: record.email,
        });
      }
      case "accounts:signUp": {
        if (!b.email) return apiError(res, 400, "MISSING_EMAIL");
        if (!EMAIL.test(b.email)) return apiError(res, 400, "INVALID_EMAIL");
        if (!b.password) return apiError(res, 400, "MISSING_PASSWORD");
        if (String(b.password).length < 6)
          return apiError(res, 400, "WEAK_PASSWORD : Password should be at least 6 characters");
        if (byEmail(b.email)) return apiError(res, 400, "EMAIL_EXISTS");
        const a = createAccount({ email: b.email, password: b.password });
        return send(res, 200, {
          kind: "identitytoolkit#SignupNewUserResponse",
          idToken: `fake-id-token.${a.localId}`,
          email: a.email,
          refreshToken: "fake-refresh-token",
          expiresIn: "3600",
          localId: a.localId,
        });
      }
      case "accounts:signInWithPassword": {
        const a = b.email ? byEmail(b.email) : null;
        if (!b.password) return apiError(res, 400, "MISSING_PASSWORD");
        if (!a || !a.password)
          return apiError(res, 400, options.enumerationProtection ? "INVALID_LOGIN_CREDENTIALS" : "EMAIL_NOT_FOUND");
        if (a.disabled) return apiError(res, 400, "USER_DISABLED");
        if (a.password !== b.password)
          return apiError(res, 400, options.enumerationProtection ? "INVALID_LOGIN_CREDENTIALS" : "INVALID_PASSWORD");
        return send(res, 200, {
          kind: "identitytoolkit#VerifyPasswordResponse",
          localId: a.localId,
          email: a.email,
          displayName: "",
          idToken: `fake-id-token.${a.localId}`,
          registered: true,
          refreshToken: "fake-refresh-token",
          expiresIn: "3600",
        });
      }
      case "accounts:lookup": {
        const found = new Map();
        for (const id of b.localId ?? []) if (accounts.has(id)) found.set(id, accounts.get(id));
        for (const e of b.email ?? []) {
          const a = byEmail(e);
          if (a) found.set(a.localId, a);
        }
        for (const f of b.federatedUserId ?? []) {
          const a = byProvider(f.providerId, f.rawId);
          if (a) found.set(a.localId, a);
        }
        const users = [...found.values()].map(publicUser);
        return send(res, 200, { kind: "identitytoolkit#GetAccountInfoResponse", ...(users.length ? { users } : {}) });
      }
      case "accounts:update": {
        const a = accounts.get(b.localId);
        if (!a) return apiError(res, 400, "USER_NOT_FOUND");
        const link = b.linkProviderUserInfo;
        if (link) {
          if (!link.providerId || !link.rawId) return apiError(res, 400, "INVALID_PROVIDER_ID");
          const other = byProvider(link.providerId, link.rawId);
          if (other && other.localId !== a.localId) return apiError(res, 400, "FEDERATED_USER_ID_ALREADY_LINKED");
          if (!other)
            a.providerUserInfo.push({
              providerId: link.providerId,
              rawId: link.rawId,
              ...(link.email ? { email: link.email } : {}),
            });
        }
        if (Array.isArray(b.deleteProvider)) {
          a.providerUserInfo = a.providerUserInfo.filter((p) => !b.deleteProvider.includes(p.providerId));
          if (b.deleteProvider.includes("password")) a.password = null;
        }
        if (typeof b.disableUser === "boolean") a.disabled = b.disableUser;
        return send(res, 200, { kind: "identitytoolkit#SetAccountInfoResponse", ...publicUser(a) });
      }
      case "accounts": {
        if (b.email && byEmail(b.email)) return apiError(res, 400, "DUPLICATE_EMAIL");
        if (b.email && !EMAIL.test(b.email)) return apiError(res, 400, "INVALID_EMAIL");
        const a = createAccount({
          email: b.email ?? null,
          password: b.password ?? null,
          emailVerified: Boolean(b.emailVerified),
        });
        return send(res, 200, {
          kind: "identitytoolkit#SignupNewUserResponse",
          localId: a.localId,
          ...(a.email ? { email: a.email } : {}),
        });
      }
      case "accounts:delete": {
        if (!accounts.delete(b.localId)) return apiError(res, 400, "USER_NOT_FOUND");
        return send(res, 200, { kind: "identitytoolkit#DeleteAccountResponse" });
      }
    }
    return apiError(res, 404, "NOT_FOUND");
  }

  function database(req, res, url, body, record) {
    const token = url.searchParams.get("access_token");
    if (token !== accessToken) return send(res, 401, { error: "Unauthorized request." });
    let auth = "admin";
    if (url.searchParams.has("auth_variable_override")) {
      try {
        auth = JSON.parse(url.searchParams.get("auth_variable_override"));
      } catch {
        return send(res, 400, { error: "Invalid auth_variable_override." });
      }
    }
    record.auth = auth;
    const segs = url.pathname
      .replace(/\.json$/, "")
      .split("/")
      .filter(Boolean)
      .map(decodeURIComponent);
    const dbPath = segs.join("/");
    const now = Date.now();
    const admin = auth === "admin";
    if (req.method === "GET") {
      if (!admin && !canRead(rules, { root, path: dbPath, auth, now }))
        return send(res, 401, { error: "Permission denied" });
      const value = getAt(root, segs);
      const headers = req.headers["x-firebase-etag"] === "true" ? { ETag: etagOf(value) } : {};
      return send(res, 200, JSON.stringify(value), headers);
    }
    for (const hook of beforeWrite.splice(0))
      hook({ method: req.method, path: dbPath, set: (p, v) => (root = setAt(root, p.split("/").filter(Boolean), v)) });
    const current = getAt(root, segs);
    const ifMatch = req.headers["if-match"];
    if (ifMatch !== undefined && (req.method === "PUT" || req.method === "DELETE") && ifMatch !== etagOf(current)) {
      return send(res, 412, JSON.stringify(current), { ETag: etagOf(current) });
    }
    let result;
    if (req.method === "PUT" || req.method === "DELETE") {
      const value = req.method === "PUT" ? body : null;
      result = canWrite(rules, { root, path: dbPath, value, auth: admin ? null : auth, now });
      if (!admin && !result.allowed) return send(res, 401, { error: "Permission denied" });
      root = result.newRoot;
      return send(res, 200, JSON.stringify(req.method === "PUT" ? normalize(value) : null));
    }
    if (req.method === "PATCH") {
      if (!body || typeof body !== "object" || Array.isArray(body))
        return send(res, 400, { error: "Invalid data; couldn't parse JSON object." });
      result = canUpdate(rules, { root, path: dbPath, patch: body, auth: admin ? null : auth, now });
      if (!admin && !result.allowed) return send(res, 401, { error: "Permission denied" });
      root = result.newRoot;
      return send(res, 200, body);
    }
    if (req.method === "POST") {
      const name = pushId(now);
      result = canWrite(rules, { root, path: `${dbPath}/${name}`, value: body, auth: admin ? null : auth, now });
      if (!admin && !result.allowed) return send(res, 401, { error: "Permission denied" });
      root = result.newRoot;
      return send(res, 200, { name });
    }
    return send(res, 405, { error: "Method not allowed." });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    // The browser's Firebase client calls from the site's origin, as Google's endpoints allow.
    res.setHeader("access-control-allow-origin", "*");
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-methods": "GET, POST",
        "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
        "access-control-max-age": "600",
      });
      return res.end();
    }
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size <= 1024 * 1024) chunks.push(c);
    });
    req.on("end", () => {
      if (url.pathname === "/__requests") return send(res, 200, requests);
      const page = EMULATOR_PAGES[url.pathname];
      if (page) {
        res.writeHead(200, { "content-type": page.type, "cache-control": "no-store" });
        return res.end(page.body);
      }
      // firebase-admin and the client SDK put the emulator's paths under the real host's name.
      url.pathname = url.pathname.replace(/^\/identitytoolkit\.googleapis\.com(?=\/v1\/)/, "");
      const raw = Buffer.concat(chunks).toString("utf8");
      let body;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        return send(res, 400, { error: "Invalid data; couldn't parse JSON object, array, or value." });
      }
      const service = url.pathname.startsWith("/v1/") ? "auth" : url.pathname.endsWith(".json") ? "rtdb" : null;
      if (!service) return send(res, 404, { error: "no such route" });
      const record = {
        service,
        method: req.method,
        path: url.pathname,
        dbPath:
          service === "rtdb"
            ? url.pathname
                .replace(/\.json$/, "")
                .split("/")
                .filter(Boolean)
                .map(decodeURIComponent)
                .join("/")
            : null,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        at: Date.now(),
      };
      requests.push(record);
      const handle = () =>
        service === "auth" ? identityToolkit(req, res, url, body) : database(req, res, url, body, record);
      const mode = modes[service];
      if (mode === "fail") return send(res, 503, { error: "service unavailable" });
      if (mode === "junk") return send(res, 200, '{"this is": not json');
      if (mode === "slow") {
        const t = setTimeout(() => {
          timers.delete(t);
          if (!res.destroyed) handle();
        }, 10_000);
        timers.add(t);
        return;
      }
      return handle();
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const origin = `http://${host}:${server.address().port}`;

  return {
    origin,
    apiKey,
    projectId,
    accessToken,
    env: {
      ACCOUNTS_SOURCE: "firebase",
      FIREBASE_API_KEY: apiKey,
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_DATABASE_URL: origin,
      FIREBASE_AUTH_URL: origin,
      FIREBASE_ACCESS_TOKEN: accessToken,
      // Popup sign-in in the browser, against this fake as the Auth emulator.
      FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
      FIREBASE_APP_ID: "1:000000000000:web:fake",
      FIREBASE_AUTH_EMULATOR_HOST: `${host}:${server.address().port}`,
    },
    requests,
    options,
    setMode: (service, mode) => (modes[service] = mode),
    /** The next call to an Identity Toolkit endpoint answers 400 with this message. */
    failNext: (endpoint, message) => failNext.set(endpoint, message),
    /** Runs once, just before the next database write is applied (to simulate a concurrent writer). */
    beforeNextWrite: (hook) => beforeWrite.push(hook),
    /** An account as the existing app left it (password and/or linked providers). */
    seedAccount: (account) => createAccount(account).localId,
    account: (localId) => (accounts.has(localId) ? publicUser(accounts.get(localId)) : null),
    accountCount: () => accounts.size,
    /** Every out-of-band code issued so far expires now. */
    expireCodes: () => oobCodes.forEach((record) => (record.expiresAt = 0)),
    /** Database contents, bypassing the rules (as the console would). */
    setData: (p, value) => (root = setAt(root, String(p).split("/").filter(Boolean), value)),
    getData: (p = "") => getAt(root, String(p).split("/").filter(Boolean)),
    reset: () => {
      requests.length = 0;
      for (const k of Object.keys(modes)) modes[k] = "ok";
      failNext.clear();
      beforeWrite.length = 0;
      options.enumerationProtection = true;
    },
    close: () =>
      new Promise((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.close(resolve);
        server.closeAllConnections?.();
      }),
  };
}

// The emulator's widget, reduced to one account form; the auth event goes to the opener's helper
// iframe exactly as the emulator's page sends it.
const HANDLER_PAGE = `<!doctype html><meta charset="utf-8"><title>Auth Emulator IDP Login Widget</title>
<form id="f"><label>Email <input id="email" type="email" required></label>
<button type="submit" id="sign-in">Sign in</button></form>
<script>
var q = new URLSearchParams(location.search);
var apiKey = q.get("apiKey"), appName = q.get("appName"), providerId = q.get("providerId");
document.getElementById("sign-in").textContent = "Sign in with " + providerId;
document.getElementById("f").addEventListener("submit", function (e) {
  e.preventDefault();
  // One Google identity per address, as the listener signing in again with the same account expects.
  var email = document.getElementById("email").value;
  var claims = { sub: "idp-" + email.toLowerCase(), email: email, email_verified: true };
  var url = location.href.split("?")[0] + "?providerId=" + encodeURIComponent(providerId) + "&id_token=" + encodeURIComponent(JSON.stringify(claims));
  var authEvent = { type: q.get("authType"), eventId: q.get("eventId"), urlResponse: url, sessionId: "ValueNotUsedByAuthEmulator", postBody: "", tenantId: null, error: null };
  for (var i = 0; i < window.opener.frames.length; i++) {
    try {
      var frame = window.opener.frames[i];
      var fq = new URLSearchParams(frame.location.search);
      if (fq.get("apiKey") === apiKey && fq.get("appName") === appName)
        frame.postMessage({ data: { authEvent: authEvent, storageKey: apiKey + ":" + appName }, eventType: "sendAuthEvent" }, "*");
    } catch (_) {}
  }
});
</script>`;

const IFRAME_PAGE = `<!doctype html><meta charset="utf-8"><title>Auth Emulator Helper Iframe</title>
<script>
var parentContainer = null;
window.addEventListener("message", function (e) {
  if (e.data && e.data.eventType === "sendAuthEvent" && parentContainer)
    parentContainer.send("authEvent", { type: "authEvent", authEvent: e.data.data.authEvent }, function () {}, gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER);
});
window.gapi_onload = function () {
  gapi.load("gapi.iframes", { callback: function () {
    parentContainer = gapi.iframes.getContext().getParentIframe();
    parentContainer.register("webStorageSupport", function () { return { status: "ACK", webStorageSupport: true }; }, gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER);
  } });
};
</script><script src="/__gapi.js"></script>`;

// The part of Google's iframe library the Firebase client and the helper iframe use: open a
// frame, ping it, register handlers and send messages both ways (postMessage underneath).
const GAPI = `(function () {
  var channels = [], seq = 0;
  function Channel(win) { this.win = win; this.handlers = {}; this.pending = {}; this.ready = false; this.waiters = []; channels.push(this); }
  Channel.prototype.register = function (name, fn) { this.handlers[name] = fn; };
  Channel.prototype.send = function (name, data, cb) {
    var id = "m" + ++seq;
    if (cb) this.pending[id] = cb;
    this.win.postMessage({ fakeGapi: 1, kind: "call", name: name, data: data, id: id }, "*");
  };
  Channel.prototype.restyle = function () { return Promise.resolve(); };
  Channel.prototype.ping = function (cb) {
    var self = this;
    return new Promise(function (resolve) {
      var done = function () { if (cb) cb(); resolve(); };
      if (self.ready) done(); else self.waiters.push(done);
    });
  };
  window.addEventListener("message", function (e) {
    var m = e.data;
    if (!m || m.fakeGapi !== 1) return;
    var ch = channels.filter(function (c) { return c.win === e.source; })[0];
    if (!ch) return;
    if (m.kind === "ready") { ch.ready = true; ch.waiters.splice(0).forEach(function (f) { f(); }); }
    else if (m.kind === "call") {
      var h = ch.handlers[m.name];
      ch.win.postMessage({ fakeGapi: 1, kind: "reply", id: m.id, result: [h ? h(m.data) : undefined] }, "*");
    } else if (m.kind === "reply" && ch.pending[m.id]) { var cb = ch.pending[m.id]; delete ch.pending[m.id]; cb(m.result); }
  });
  var context = {
    open: function (opts, cb) {
      var el = document.createElement("iframe");
      var attrs = opts.attributes || {};
      Object.keys(attrs).forEach(function (k) {
        if (k === "style") Object.assign(el.style, attrs.style); else el.setAttribute(k, attrs[k]);
      });
      el.src = opts.url;
      (opts.where || document.body).appendChild(el);
      var ch = new Channel(el.contentWindow);
      return Promise.resolve(cb ? cb(ch) : ch);
    },
    getParentIframe: function () {
      var ch = new Channel(window.parent);
      window.parent.postMessage({ fakeGapi: 1, kind: "ready" }, "*");
      return ch;
    },
  };
  window.gapi = {
    load: function (name, opts) { setTimeout(opts.callback || opts, 0); },
    iframes: { getContext: function () { return context; }, CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; } },
  };
  var src = document.currentScript && document.currentScript.src;
  var onload = src && new URL(src).searchParams.get("onload");
  setTimeout(function () {
    if (onload && window[onload]) window[onload]();
    if (window.gapi_onload) window.gapi_onload();
  }, 0);
})();`;

const EMULATOR_PAGES = {
  "/emulator/auth/handler": { type: "text/html; charset=utf-8", body: HANDLER_PAGE },
  "/emulator/auth/iframe": { type: "text/html; charset=utf-8", body: IFRAME_PAGE },
  "/__gapi.js": { type: "text/javascript; charset=utf-8", body: GAPI },
};

// Run standalone: node scripts/fakes/firebase.mjs [port]
if (import.meta.url === `file://${process.argv[1]}`) {
  const s = await startFirebaseFake({ port: Number(process.argv[2] ?? 3998) });
  console.log(`fake Firebase at ${s.origin}`, s.env);
}
