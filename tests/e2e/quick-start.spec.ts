/**
 * The quick start as a newcomer meets it: `npm run app` (scripts/start.sh) with nothing set, tried
 * from another machine on the LAN over plain HTTP (a host name Chromium resolves to this machine,
 * so the page is not a secure context, as a phone's visit to http://192.168.x.y is not). Sign-up,
 * sign-in and "Forgot password?" work end to end, and the mails are printed on the server's
 * console, which says so once at start. Runs once (desktop-js).
 *   E2E_PORT=3500 npx playwright test tests/e2e/quick-start.spec.ts --project=desktop-js
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import { MAIL_NOT_CONFIGURED, RESET_REQUESTED } from "../../app/rules/auth";
import { signIn, signUp, uniqueEmail } from "./support/auth";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 25;
const LAN = `http://bunker.lan:${PORT}`;

let server: ChildProcess;
let output = "";
let dataDir: string;
let browser: Browser;

test.beforeAll(async ({ playwright }, workerInfo) => {
  test.setTimeout(90_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-quick-start-"));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["SMTP_URL", "MAIL_CONSOLE", "SECURE_COOKIES", "SESSION_SECRET", "SITE_URL", "NODE_ENV"])
    delete env[key];
  server = spawn("bash", ["scripts/start.sh"], {
    env: {
      ...env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      NOW_PLAYING_KIND: "none",
    } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const onAir = new Promise<void>((resolve, reject) => {
    server.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("on the air")) resolve();
    });
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.once("exit", (code) => reject(new Error(`npm run app exited (${code}):\n${output}`)));
  });
  await onAir;
  const launch = workerInfo.project.use.launchOptions ?? {};
  browser = await playwright.chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), `--host-resolver-rules=MAP bunker.lan 127.0.0.1`],
  });
});

test.afterAll(async () => {
  await browser?.close();
  if (server?.exitCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("npm run app: a LAN visitor over plain HTTP signs up, signs in and resets a password, the mails on the console", async () => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: LAN });
  const page = await context.newPage();

  await page.goto("/signup");
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  await expect(page.getByText(MAIL_NOT_CONFIGURED)).toHaveCount(0);
  const { email } = await signUp(page, uniqueEmail("quick"));
  await expect.poll(() => output).toContain(`to ${email}: Confirm your email address`);

  await signIn(page, email, undefined, "/user");
  await expect(page).toHaveURL(`${LAN}/user`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("H.O.F:");

  const other = await browser.newContext({ baseURL: LAN });
  const forgot = await other.newPage();
  await forgot.goto("/forgot-password");
  await forgot.getByLabel("Email").fill(email);
  await forgot.getByRole("button", { name: "Send me a link" }).click();
  await expect(forgot.getByText(RESET_REQUESTED)).toBeVisible();
  await expect.poll(() => output).toContain(`to ${email}: Choose a new password`);

  expect(output.split("mails (address confirmation, password reset) are printed on this console").length - 1).toBe(1);
  expect(output).toContain("SECURE_COOKIES=off");
  await context.close();
  await other.close();
});
