// Starts the built server for e2e tests: production mode, a fresh throwaway data directory,
// a local fake live stream, a local now-playing service and the listeners' mailbox (a local SMTP
// server the specs read through GET <upstreams>/__mail; scripts/fakes/upstreams.mjs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launchServer, TEST_ENV, upstreamEnv } from "./app-server.mjs";
import { startFakeUpstreams } from "./fakes/upstreams.mjs";
import { startRemoteServices } from "./fakes/remote-services.mjs";
import { startFirebaseFake } from "./fakes/firebase.mjs";

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-e2e-"));
const upstreams = await startFakeUpstreams(Number(process.env.E2E_UPSTREAM_PORT ?? port + 1));

// E2E_REMOTE=1: every remote adapter (Supabase, WordPress content and gallery) points at local
// fakes serving the sample catalog in the real services' shapes — the production code path.
// Accounts and the listener library go to a local Firebase fake (Identity Toolkit + RTDB REST).
const remote = process.env.E2E_REMOTE === "1" ? await startRemoteServices({ port: port + 2 }) : null;
const firebase = process.env.E2E_REMOTE === "1" ? await startFirebaseFake({ port: port + 3 }) : null;

const child = launchServer({
  port,
  dataDir,
  stdio: "inherit",
  env: {
    ...TEST_ENV,
    SMTP_URL: upstreams.smtpUrl,
    MAIL_FROM: "The Ham Radio Show <no-reply@127.0.0.1>",
    // The origin of the links in mails.
    SITE_URL: `http://127.0.0.1:${port}`,
    ...upstreamEnv(upstreams.origin),
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
