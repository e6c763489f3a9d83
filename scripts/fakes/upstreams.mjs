// Local stand-ins for the show's streaming service during e2e tests: a "live" MP3 stream and a
// Live365-shaped now-playing API that counts its requests (GET /__stats) and can be told to fail.
// Also the listeners' mailbox: a real SMTP server (`smtpUrl`) whose received mail is listed by
// GET /__mail?to=<address> (JSON, oldest first); Google's OAuth server on Google's paths
// (GOOGLE_OAUTH_URL, client `e2e-google-client` / `e2e-google-secret`): a page asking for an email
// address stands in for Google's account chooser; and a Plausible-compatible event endpoint
// (POST /api/event) whose hits GET /__events lists.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { startSmtpSink } from "./smtp-sink.mjs";

export async function startFakeUpstreams(port) {
  const stats = { nowPlaying: 0 };
  let mode = "ok"; // ok | fail | junk | slow
  const liveFile = path.resolve("public/media/audio/live-sample.mp3");
  const mail = await startSmtpSink();
  const events = [];
  const oauth = fakeGoogleOAuth();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (oauth.handles(url.pathname)) return oauth.handle(req, res, url);
    if (url.pathname === "/api/event") {
      // Plausible answers any origin; its script posts text/plain (a simple request, no preflight).
      res.setHeader("access-control-allow-origin", "*");
      if (req.method !== "POST") return res.writeHead(405).end();
      let body = "";
      req.on("data", (d) => (body += d));
      return req.on("end", () => {
        events.push({ ...JSON.parse(body), cookie: req.headers.cookie ?? null });
        res.writeHead(202).end("ok");
      });
    }
    if (url.pathname === "/__events") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(events));
    }
    if (url.pathname === "/__mail") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(mail.forAddress(url.searchParams.get("to") ?? "")));
    }
    if (url.pathname === "/__stats") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ ...stats, mode }));
    }
    if (url.pathname === "/__mode") {
      mode = url.searchParams.get("mode") ?? "ok";
      stats.nowPlaying = 0;
      res.writeHead(204);
      return res.end();
    }
    if (url.pathname.startsWith("/live365/station/")) {
      stats.nowPlaying++;
      if (mode === "fail") {
        res.writeHead(503);
        return res.end("down");
      }
      if (mode === "junk") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end("{not json");
      }
      const body = JSON.stringify({
        "current-track": { title: "Bunker Sessions Vol. 7", artist: "The Ham Radio Show Crew", art: null },
        name: "The Ham Radio Show",
      });
      const send = () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(body);
      };
      return mode === "slow" ? setTimeout(send, 10_000) : send();
    }
    if (url.pathname === "/live/stream.mp3") {
      if (mode === "fail") {
        res.writeHead(503);
        return res.end();
      }
      const stat = fs.statSync(liveFile);
      res.writeHead(200, {
        "content-type": "audio/mpeg",
        "content-length": stat.size,
        "access-control-allow-origin": "*",
      });
      return fs.createReadStream(liveFile).pipe(res);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  // Port 0 → a free port chosen by the system (the origin names the one actually bound).
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    smtpUrl: mail.url,
    close: () => {
      server.close();
      void mail.close();
    },
  };
}

const GOOGLE_CLIENT = { id: "e2e-google-client", secret: "e2e-google-secret" };

const subjectOf = (email) => crypto.createHash("sha256").update(email).digest("hex").slice(0, 21);

/** Google's authorization-code flow on Google's paths, for one client; every email address is a verified account. */
function fakeGoogleOAuth() {
  const codes = new Map(); // code → { email, redirectUri }
  const tokens = new Map(); // access token → email
  const escape = (v) => String(v).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const readForm = (req) =>
    new Promise((resolve) => {
      let body = "";
      req.on("data", (d) => (body += d));
      req.on("end", () => resolve(new URLSearchParams(body)));
    });
  const json = (res, status, body) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const paths = new Set(["/o/oauth2/v2/auth", "/o/oauth2/v2/approve", "/token", "/oauth2/v3/userinfo"]);
  return {
    handles: (pathname) => paths.has(pathname),
    async handle(req, res, url) {
      if (url.pathname === "/o/oauth2/v2/auth") {
        const q = url.searchParams;
        if (q.get("client_id") !== GOOGLE_CLIENT.id || q.get("response_type") !== "code" || !q.get("redirect_uri"))
          return res.writeHead(400).end("invalid_request");
        // Like Google's pages: a popup that comes here loses its opener (the result goes back another way).
        res.writeHead(200, { "content-type": "text/html", "cross-origin-opener-policy": "same-origin" });
        return res.end(`<!doctype html><title>Sign in - Google Accounts</title>
<form method="post" action="/o/oauth2/v2/approve">
<input type="hidden" name="redirect_uri" value="${escape(q.get("redirect_uri"))}">
<input type="hidden" name="state" value="${escape(q.get("state") ?? "")}">
<input type="hidden" name="max_age" value="${escape(q.get("max_age") ?? "")}">
<label>Email <input type="email" name="email" required></label>
<button>Continue</button> <button name="deny" value="1">Cancel</button>
</form>`);
      }
      if (url.pathname === "/o/oauth2/v2/approve") {
        const form = await readForm(req);
        const back = new URL(form.get("redirect_uri"));
        if (form.get("deny")) back.searchParams.set("error", "access_denied");
        else {
          const code = crypto.randomUUID();
          // Asked for max_age, an OpenID provider says when it authenticated (auth_time): here, now.
          const authTime = form.get("max_age") ? Math.floor(Date.now() / 1000) : null;
          codes.set(code, { email: form.get("email"), redirectUri: form.get("redirect_uri"), authTime });
          back.searchParams.set("code", code);
        }
        back.searchParams.set("state", form.get("state") ?? "");
        return res.writeHead(302, { location: back.href }).end();
      }
      if (url.pathname === "/token") {
        const form = await readForm(req);
        const grant = codes.get(form.get("code"));
        codes.delete(form.get("code"));
        if (form.get("client_id") !== GOOGLE_CLIENT.id || form.get("client_secret") !== GOOGLE_CLIENT.secret)
          return json(res, 401, { error: "invalid_client" });
        if (!grant || grant.redirectUri !== form.get("redirect_uri")) return json(res, 400, { error: "invalid_grant" });
        const accessToken = crypto.randomUUID();
        tokens.set(accessToken, grant.email);
        const part = (o) => Buffer.from(JSON.stringify(o)).toString("base64url");
        const claims = {
          sub: subjectOf(grant.email),
          email: grant.email,
          ...(grant.authTime && { auth_time: grant.authTime }),
        };
        return json(res, 200, {
          // Unsigned: it comes straight from the token endpoint, as Google's does over TLS.
          id_token: `${part({ alg: "none", typ: "JWT" })}.${part(claims)}.`,
          access_token: accessToken,
          token_type: "Bearer",
          expires_in: 3599,
          scope: "openid email profile",
        });
      }
      const email = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!email) return json(res, 401, { error: "invalid_token" });
      return json(res, 200, { sub: subjectOf(email), email, email_verified: true, name: email.split("@")[0] });
    },
  };
}
