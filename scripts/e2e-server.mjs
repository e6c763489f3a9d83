// Starts the built server for e2e tests: production mode, a fresh throwaway data directory,
// a local fake live stream, a local now-playing service and the listeners' mailbox (a local SMTP
// server the specs read through GET <upstreams>/__mail; tests/e2e/fake-upstreams.mjs).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeUpstreams } from "../tests/e2e/fake-upstreams.mjs";
import { startRemoteServices } from "../tests/fakes/remote-services.mjs";
import { startFirebaseFake } from "../tests/fakes/firebase.mjs";

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-e2e-"));
const upstreams = await startFakeUpstreams(Number(process.env.E2E_UPSTREAM_PORT ?? port + 1));

// E2E_REMOTE=1: every remote adapter (Supabase, WordPress content and gallery) points at local
// fakes serving the sample catalog in the real services' shapes — the production code path.
// Accounts and the listener library go to a local Firebase fake (Identity Toolkit + RTDB REST).
const remote = process.env.E2E_REMOTE === "1" ? await startRemoteServices({ port: port + 2 }) : null;
const firebase = process.env.E2E_REMOTE === "1" ? await startFirebaseFake({ port: port + 3 }) : null;

const child = spawn(process.execPath, ["build/server.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
    // Production limits stay on; tests that act as separate listeners send their own
    // X-Forwarded-For (one trusted proxy hop, as behind a load balancer).
    TRUST_PROXY_HOPS: "1",
    // The production hash cost is a unit test's; browser tests only need sign-ins to work.
    PASSWORD_HASH_COST: "12",
    // The cache-state tests read it.
    SERVER_TIMING: "on",
    // Cheap hashes: a longer queue waits no longer than production's, and parallel specs never
    // meet a busy answer they did not ask for (a spec of its own asks for one).
    PASSWORD_HASH_QUEUE: "64",
    SMTP_URL: upstreams.smtpUrl,
    MAIL_FROM: "The Ham Radio Show <no-reply@127.0.0.1>",
    // The origin of the links in mails.
    SITE_URL: `http://127.0.0.1:${port}`,
    LIVE_STREAM_URL: `${upstreams.origin}/live/stream.mp3`,
    NOW_PLAYING_KIND: "live365",
    NOW_PLAYING_URL: `${upstreams.origin}/live365/station/a93581`,
    ...(remote ? remote.env : {}),
    ...(firebase ? firebase.env : {}),
    ...(process.env.E2E_EXTRA_ENV ? JSON.parse(process.env.E2E_EXTRA_ENV) : {}),
  },
});

const stop = () => {
  child.kill("SIGTERM");
  upstreams.close();
  remote?.close();
  firebase?.close?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on("SIGTERM", () => (stop(), process.exit(0)));
process.on("SIGINT", () => (stop(), process.exit(0)));
child.on("exit", (code) => {
  upstreams.close();
  remote?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
