import { expect, test, type Page } from "@playwright/test";
import {
  CODE_INVALID,
  PASSWORD_RESET_DONE,
  PASSWORD_TOO_COMMON,
  RESET_REQUESTED,
  SIGNED_OUT_EVERYWHERE,
  VERIFY_EMAIL_CONFIRMED,
  verificationPending,
  SIGN_IN_BUSY,
  SIGN_IN_FAILED,
  SIGN_IN_FREE_FAILURES,
  SIGN_UP_BUSY,
  signInDelayS,
  signInThrottled,
  signUpError,
} from "../../app/rules/auth";
import { asListener, PASSWORD, signIn, signUp, signedIn, uniqueEmail } from "./support/auth";
import { linkInMail, mailsTo } from "./support/mail";
import { startAppServer } from "./support/app-server";
import { episodes as sampleEpisodes } from "./support/sample";
import { episodeLink } from "../../app/rules/episodes";
import { isDesktopJs, isRemote } from "./support/projects";
import { audio } from "./support/player";
import { SIGNED_OUT_NOTICE } from "../../app/player/machine";

const audioTime = (page: Page) =>
  page.evaluate(() => (document.getElementById("global-audio") as HTMLAudioElement).currentTime);

test.describe("accounts with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JS flow");

  test("sign up → sign in → heart three episodes → /user lists them; resume on another browser; logout → live default", async ({
    page,
    browser,
  }, testInfo) => {
    test.skip(!isDesktopJs(testInfo), "one desktop run per data path is enough");
    test.setTimeout(120_000);
    const account = await signUp(page);
    await expect(page.getByRole("status").filter({ hasText: "You're all set! Check your inbox" })).toBeVisible();
    await signIn(page, account.email, account.password);
    await expect(page.getByRole("link", { name: "Profile" })).toBeVisible();

    await page.goto("/");
    const latest = page.getByRole("list", { name: "Latest Episodes" });
    const hearts = latest.getByRole("button", { name: /^Add .* to favorites$/ });
    const titles: string[] = [];
    for (let i = 0; i < 3; i++) {
      const heart = hearts.nth(0);
      const name = (await heart.getAttribute("aria-label"))!.replace(/^Add (.*) to favorites$/, "$1");
      titles.push(name);
      await heart.click();
      await expect(latest.getByRole("button", { name: `Remove ${name} from favorites` })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
    }
    await page.getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByRole("heading", { name: /^H\.O\.F: [A-Za-z0-9]{28}$/ })).toBeVisible();
    const favorites = page.getByRole("list", { name: "My Favorites" });
    for (const t of titles) await expect(favorites.getByRole("link", { name: t, exact: true })).toBeVisible();
    await expect(favorites.getByRole("listitem")).toHaveCount(3);

    // Play an episode a few seconds, pause (the position is saved on pause).
    const first = titles[0]!;
    await favorites.getByRole("button", { name: `Play ${first}` }).click();
    await expect.poll(() => audioTime(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    // The pause writes the position (docs/product.md §4 progress sync): listen before pressing it, so a
    // fast answer is not missed, and require it.
    const progress = page.waitForResponse((r) => r.url().endsWith("/api/progress") && r.request().method() === "POST", {
      timeout: 20_000,
    });
    await page.getByRole("region", { name: "Player" }).getByRole("button", { name: "Pause" }).click();
    const saved = await audioTime(page);
    expect((await progress).status()).toBeLessThan(300);

    // A second browser: sign in, the player offers that episode where it was paused.
    const other = await browser.newContext();
    const page2 = await other.newPage();
    await asListener(page2);
    await signIn(page2, account.email, account.password);
    const bar = page2.getByRole("region", { name: "Player" });
    await expect(bar.getByText(first, { exact: true })).toBeVisible();
    const seek = bar.getByRole("slider", { name: "Seek" });
    await expect.poll(async () => Number(await seek.inputValue())).toBeGreaterThanOrEqual(Math.floor(saved) - 1);
    expect(Number(await seek.inputValue())).toBeLessThanOrEqual(Math.ceil(saved) + 1);
    await bar.getByRole("button", { name: "Play" }).click();
    await expect.poll(() => audioTime(page2)).toBeGreaterThanOrEqual(saved - 1);
    await other.close();

    // Logout returns to / with the live default.
    await page.goto("/user");
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    const player = page.getByRole("region", { name: "Player" });
    // Live default: the live source (now-playing is polled while live, so the title is the
    // stream's current track or the 'The Ham Radio Show' default), not playing, no episode.
    await expect(player.getByTestId("elapsed")).toContainText("LIVE");
    await expect(player.getByTestId("player-title")).not.toHaveText(first);
    expect(
      await page.evaluate(() => (document.getElementById("global-audio") as HTMLAudioElement).getAttribute("src")),
    ).toContain("/live/");
    await expect(player.getByRole("button", { name: "Go live" })).toBeVisible();
    await expect(player.getByRole("button", { name: "Play" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Your profile and favorites" })).toBeVisible();
  });

  test("sign-out in one tab: the other tab's header and player follow, without a reload", async ({
    page,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop-js", "a browser-level listener: one run is enough");
    await signedIn(page);
    const other = await context.newPage();
    // The auth-state listener arrives after the load event.
    const listening = other.waitForResponse(/\/ClientExtras-[^/]+\.js$/);
    await other.goto("/");
    await listening;
    await expect(other.getByRole("link", { name: "Profile", exact: true })).toBeVisible();
    await other.evaluate(() => ((window as unknown as { __hrsNoReload: boolean }).__hrsNoReload = true));
    const latest = other.getByRole("list", { name: "Latest Episodes" });
    const title = (await latest.getByRole("heading").first().textContent())!.trim();
    await latest.getByRole("button", { name: `Play ${title}` }).click();
    const bar = other.getByRole("region", { name: "Player" });
    await expect(bar.getByTestId("player-title")).toHaveText(title);

    await page.goto("/user");
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/$/);

    // The header signs out; the player lets go of the listener's episode and says why.
    await expect(other.getByRole("link", { name: "Your profile and favorites" })).toBeVisible();
    await expect(bar.getByRole("status").filter({ hasText: SIGNED_OUT_NOTICE })).toBeVisible();
    await expect(bar.getByTestId("player-title")).not.toHaveText(title);
    expect(await audio(other)).toMatchObject({ paused: true, src: "" });
    expect(await other.evaluate(() => (window as unknown as { __hrsNoReload?: boolean }).__hrsNoReload)).toBe(true);
  });

  test("a sign-up error says the spec's text in an alert region, never a blocking alert", async ({ page }) => {
    await asListener(page);
    await page.goto("/signup");
    const dialogs: string[] = [];
    page.on("dialog", (d) => (dialogs.push(d.message()), void d.dismiss()));
    await page.getByLabel("Email").fill(uniqueEmail("alerted"));
    await page.getByLabel("Password").fill("password1");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(/^Error signing up: \S/);
    expect(dialogs).toEqual([]);
  });
});

test.describe("accounts without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "no-JS flow");

  test("sign in, add and remove a favorite, log out — all by forms", async ({ page }) => {
    await signedIn(page);
    await page.goto("/era?station=PPR");
    const list = page.getByRole("list", { name: "PPR episodes" });
    const heart = list.getByRole("button", { name: /^Add .* to favorites$/ }).first();
    const title = (await heart.getAttribute("aria-label"))!.replace(/^Add (.*) to favorites$/, "$1");
    await heart.click();
    await expect(page).toHaveURL(/\/era\?station=PPR/);
    await expect(list.getByRole("button", { name: `Remove ${title} from favorites` })).toBeVisible();
    await page.goto("/user");
    await expect(
      page.getByRole("list", { name: "My Favorites" }).getByRole("link", { name: title, exact: true }),
    ).toBeVisible();
    await page
      .getByRole("list", { name: "My Favorites" })
      .getByRole("button", { name: `Remove ${title} from favorites` })
      .click();
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByText("No favorites yet.")).toBeVisible();
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/user");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fuser/);
  });

  test("sign-in failure shows one generic message", async ({ page }) => {
    await asListener(page);
    await page.goto("/signin");
    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByLabel("Password").fill("whatever password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  });
});

test.describe("accounts under attack", () => {
  test("sign-up refuses a common password and says why; a good one then works", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "mobile-375", "desktop is enough");
    await asListener(page);
    await page.goto("/signup");
    const email = uniqueEmail("weak");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("password1");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(`Error signing up: ${PASSWORD_TOO_COMMON}`);
    await expect(page).toHaveURL(/\/signup$/);
    await signUp(page, email);
  });

  test("after a few wrong passwords this browser is told how long to wait; the owner elsewhere signs in", async ({
    page,
    browser,
  }, testInfo) => {
    test.skip(
      testInfo.project.name === "mobile-375" || testInfo.project.name === "remote",
      "the redirect is the app's whatever the accounts source: desktop, JS on and off",
    );
    const account = await signUp(page);
    await page.goto("/signin");
    // (Without JS every answer is a new page with an empty form.)
    const attempt = async (password: string) => {
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
    };
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) {
      await attempt(`wrong password ${i}`);
      await expect(page.getByRole("alert")).toHaveText(SIGN_IN_FAILED);
      await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
    }
    await attempt(account.password);
    // The wait counts from the last failure (a slow answer leaves a little less of it).
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText(/^Too many sign-in attempts\. Please try again in \d+ seconds?\.$/);
    const seconds = Number(/(\d+) second/.exec((await alert.textContent()) ?? "")?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(signInDelayS(SIGN_IN_FREE_FAILURES));
    await expect(alert).toHaveText(signInThrottled(seconds));
    await expect(page).toHaveURL(/\/signin$/);

    const elsewhere = await browser.newContext();
    const page2 = await elsewhere.newPage();
    await asListener(page2);
    await signIn(page2, account.email, account.password);
    await expect(page2.getByRole("link", { name: "Profile" })).toBeVisible();
    await elsewhere.close();
  });

  test("every password check taken: sign-up and sign-in say so at once (503, Retry-After); the form works again after", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop-js", "a private embedded server: one run is enough");
    test.setTimeout(120_000);
    // A private server with one hashing thread, no queue and slow hashes: a check that finds the
    // thread busy is refused at once.
    const server = await startAppServer(
      { PASSWORD_HASH_ITERATIONS: "200", PASSWORD_HASH_THREADS: "1", PASSWORD_HASH_QUEUE: "0" },
      "busy",
    );
    try {
      const post = (path: string, fields: Record<string, string>) =>
        fetch(`${server.origin}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { "X-Forwarded-For": `10.9.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}` },
          body: new URLSearchParams({ website: "", ...fields }),
        });
      await asListener(page);
      await page.goto(`${server.origin}/signup`);
      await page.getByLabel("Email").fill(uniqueEmail("busy"));
      await page.getByLabel("Password").fill(PASSWORD);

      // A sign-up and a sign-in at once: one gets the thread, the other is refused at once.
      const up = post("/signup", { email: uniqueEmail("busy-first"), password: PASSWORD }).then(
        (r) => ["up", r] as const,
      );
      const inn = post("/signin", { email: uniqueEmail("nobody"), password: PASSWORD, redirectTo: "/" }).then(
        (r) => ["in", r] as const,
      );
      const [kind, refused] = await Promise.race([up, inn]);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(await refused.text()).toContain(kind === "up" ? signUpError(SIGN_UP_BUSY) : SIGN_IN_BUSY);

      // While that check runs, the browser's sign-up is refused the same way, as a form error.
      await page.getByRole("button", { name: "Sign up", exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText(signUpError(SIGN_UP_BUSY));
      const [, served] = await (kind === "up" ? inn : up);
      expect([302, 401]).toContain(served.status);
      await page.getByRole("button", { name: "Sign up", exact: true }).click();
      await expect(page).toHaveURL(/\/signin\?notice=signed-up/, { timeout: 30_000 });
    } finally {
      await server.stop();
    }
  });
});

test.describe("protection", () => {
  test("anonymous visitors of protected routes go to /signin with a safe way back; responses are private", async ({
    request,
  }, testInfo) => {
    test.skip(!isDesktopJs(testInfo), "HTTP-level checks run once per data path");
    for (const path of ["/user", "/SpankBank", "/SpankBank/Post?id=501", "/SpankBank/Post/some-slug"]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers()["location"]).toBe(`/signin?redirectTo=${encodeURIComponent(path)}`);
      expect(res.headers()["cache-control"]).toBe("private, no-store");
    }
  });

  test("redirectTo never leaves the site", async ({ page }, testInfo) => {
    test.skip(
      testInfo.project.name === "mobile-375" || isRemote(testInfo),
      "the sign-in route's own check: desktop, on the embedded data, is enough",
    );
    const account = await signUp(page);
    for (const evil of [
      "//evil.com",
      "https://evil.com",
      "/\\evil.com",
      "javascript:alert(1)",
      "/.//evil.com",
      "/%2e//evil.com",
    ]) {
      await signIn(page, account.email, account.password, evil);
      expect(new URL(page.url()).host).toBe(new URL(testInfo.project.use.baseURL ?? page.url()).host);
      await page.context().clearCookies();
    }
  });

  test("a cross-site POST writes nothing", async ({ page, request }, testInfo) => {
    test.skip(!isDesktopJs(testInfo), "HTTP-level checks run once per data path");
    await signedIn(page);
    const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const res = await request.post("/favorites", {
      headers: { Origin: "https://evil.example", Cookie: cookies },
      form: { intent: "add", audioSrc: "/media/audio/ep-audio-1.mp3", title: "Evil", duration: "1", js: "1" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    await page.goto("/user");
    await expect(page.getByText("No favorites yet.")).toBeVisible();
  });

  test("a session cookie replayed after logout is signed out", async ({ page, browser }, testInfo) => {
    test.skip(!isDesktopJs(testInfo), "once per data path");
    await signedIn(page);
    const copied = await page.context().cookies();
    await page.goto("/user");
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    const replay = await browser.newContext();
    await replay.addCookies(copied);
    const p = await replay.newPage();
    await p.goto("/user");
    await expect(p).toHaveURL(/\/signin/);
    await replay.close();
  });
});

test.describe("accounts by mail", () => {
  test("sign-up mails a confirmation link; opening it confirms nothing until the button is pressed; then /user has no banner and the link is spent", async ({
    page,
    baseURL,
  }, testInfo) => {
    test.skip(!isDesktopJs(testInfo), "once per accounts backend");
    const account = await signedIn(page);
    await page.goto("/user");
    const banner = page.getByRole("status").filter({ hasText: verificationPending(account.email) });
    await expect(banner).toBeVisible();

    const link = await linkInMail(baseURL!, account.email, "/verify-email");
    // A mail scanner fetching the link uses nothing up.
    expect((await page.request.get(link)).status()).toBe(200);
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my email address" }).click();
    await expect(page).toHaveURL(/\/user\?notice=email-verified$/);
    await expect(page.getByRole("status").filter({ hasText: VERIFY_EMAIL_CONFIRMED })).toBeVisible();
    await expect(banner).toHaveCount(0);

    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my email address" }).click();
    await expect(page.getByRole("alert")).toHaveText(CODE_INVALID);
    expect(await mailsTo(baseURL!, account.email)).toHaveLength(1);
  });

  test("sign-up with an address that has an account answers as for a new one, mails its owner instead and changes nothing", async ({
    page,
    baseURL,
  }, testInfo) => {
    test.skip(!isDesktopJs(testInfo), "once per accounts backend");
    const owner = await signUp(page);
    const answer = async (email: string) => {
      const res = await page.request.post("/signup", {
        form: { email, password: "a squatter's passphrase", redirectTo: "/" },
        headers: { Origin: new URL(baseURL!).origin },
        maxRedirects: 0,
      });
      return { status: res.status(), location: res.headers()["location"], body: await res.text() };
    };
    const taken = await answer(owner.email);
    expect(taken).toEqual(await answer(uniqueEmail("fresh")));
    expect(taken).toMatchObject({ status: 302, location: "/signin?notice=signed-up" });
    await expect
      .poll(async () => (await mailsTo(baseURL!, owner.email)).map((m) => m.subject))
      .toContain("Someone tried to sign up with your address — The Ham Radio Show");
    // The owner's password still works; the squatter's does not.
    await signIn(page, owner.email, owner.password);
    await page.goto("/user");
    await expect(page.getByRole("heading", { name: /^H\.O\.F: / })).toBeVisible();
  });

  test("forgot password: a mailed link sets a new password; the sessions made with the old one are signed out", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.skip(!isDesktopJs(testInfo), "once per accounts backend");
    test.setTimeout(90_000);
    const account = await signedIn(page);
    const newPassword = "a fresh passphrase for the show";

    const other = await browser.newContext();
    const page2 = await other.newPage();
    await asListener(page2);
    await page2.goto("/signin");
    await page2.getByRole("link", { name: "Forgot password?" }).click();
    // An address no account has gets the very same answer.
    for (const email of [uniqueEmail("nobody"), account.email]) {
      await page2.goto("/forgot-password");
      await page2.getByLabel("Email").fill(email);
      await page2.getByRole("button", { name: "Send me a link" }).click();
      await expect(page2.getByRole("status").filter({ hasText: RESET_REQUESTED })).toBeVisible();
    }
    const link = await linkInMail(baseURL!, account.email, "/reset-password");
    await page2.goto(link);
    await expect(page2.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await page2.getByRole("textbox", { name: "New password" }).fill("password1");
    await page2.getByRole("button", { name: "Set new password" }).click();
    await expect(page2.getByRole("alert")).toHaveText(PASSWORD_TOO_COMMON);
    await page2.getByRole("textbox", { name: "New password" }).fill(newPassword);
    await page2.getByRole("button", { name: "Set new password" }).click();
    await expect(page2).toHaveURL(/\/signin\?notice=password-reset$/);
    await expect(page2.getByRole("status").filter({ hasText: PASSWORD_RESET_DONE })).toBeVisible();
    await signIn(page2, account.email, newPassword);
    await expect(page2.getByRole("link", { name: "Profile" })).toBeVisible();
    // The link is spent.
    await page2.goto(link);
    await expect(page2.getByRole("alert")).toHaveText(CODE_INVALID);
    await other.close();

    // The first browser's session, made with the old password, is gone.
    await page.goto("/user");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fuser/);
  });

  test("bad or missing codes are a clear 400, never a 500", async ({ request }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop-js", "HTTP-level checks run once");
    const headers = { "X-Forwarded-For": "10.77.0.1" };
    for (const path of [
      "/verify-email",
      "/reset-password",
      "/reset-password?code=nonsense-code-0123456789",
      "/reset-password?code=%00",
    ]) {
      const res = await request.get(path, { headers });
      expect(res.status(), path).toBe(400);
      expect(await res.text(), path).toContain(CODE_INVALID);
    }
    for (const [path, form] of [
      ["/verify-email", { code: "nonsense-code-0123456789" }],
      ["/verify-email", { code: "<script>" }],
      ["/reset-password", { code: "nonsense-code-0123456789", password: PASSWORD }],
      ["/reset-password", {}],
    ] as const) {
      const res = await request.post(path, { headers, form, maxRedirects: 0 });
      expect(res.status(), path).toBe(400);
      expect(await res.text(), path).toContain(CODE_INVALID);
    }
  });
});

test.describe("sign out everywhere", () => {
  test("the button on /user signs out every browser of the account, this one too", async ({
    page,
    browser,
  }, testInfo) => {
    test.skip(!["desktop-js", "desktop-nojs"].includes(testInfo.project.name), "with and without JS, once each");
    const account = await signedIn(page);
    const other = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
    const page2 = await other.newPage();
    await asListener(page2);
    await signIn(page2, account.email, account.password);
    await page2.goto("/user");
    await expect(page2.getByRole("heading", { name: /^H\.O\.F: / })).toBeVisible();

    await page.goto("/user");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/signin\?notice=signed-out-everywhere$/);
    await expect(page.getByRole("status").filter({ hasText: SIGNED_OUT_EVERYWHERE })).toBeVisible();
    await page.goto("/user");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fuser/);

    await page2.goto("/user");
    await expect(page2).toHaveURL(/\/signin\?redirectTo=%2Fuser/);
    await other.close();
  });
});

test.describe("a full account", () => {
  test("past the favorites cap a heart says so (with and without JavaScript); /user pages its favorites by server links", async ({
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.skip(!/^desktop-(no)?js$/.test(testInfo.project.name), "a private embedded server: desktop, JS on and off");
    test.setTimeout(90_000);
    // A cap of 3 and pages of 2, so a sample catalog of few audio files reaches both.
    const server = await startAppServer({ FAVORITES_MAX: "3", FAVORITES_PAGE_SIZE: "2" }, "full-account");
    const context = await browser.newContext({ baseURL: server.origin, javaScriptEnabled });
    try {
      const page = await context.newPage();
      await signedIn(page);
      const distinct = [...new Map(sampleEpisodes.map((e) => [e.EpisodeUrl, e])).values()].slice(0, 4);
      expect(distinct).toHaveLength(4);
      for (const e of distinct.slice(0, 3)) {
        await page.goto(episodeLink(e.title, false));
        // The heart fills at once, before the server has it: the next page load would cancel the request.
        const answered = page.waitForResponse(
          (r) => /\/favorites(\.data)?(\?|$)/.test(r.url()) && r.request().method() === "POST",
        );
        await page.getByRole("button", { name: `Add ${e.title} to favorites` }).click();
        expect((await answered).status()).toBeLessThan(400);
        await expect(page.getByRole("button", { name: `Remove ${e.title} from favorites` })).toBeVisible();
      }
      const last = distinct[3]!;
      await page.goto(episodeLink(last.title, false));
      await page.getByRole("button", { name: `Add ${last.title} to favorites` }).click();
      const full = "You have 3 favorites, the most an account can keep. Remove one to add another.";
      if (javaScriptEnabled) {
        await expect(page.getByRole("alert").filter({ hasText: full })).toBeVisible();
        await expect(page.getByRole("button", { name: `Add ${last.title} to favorites` })).toBeVisible();
      } else {
        await expect(page).toHaveURL(/\/user\?error=favorites-full$/);
        await expect(page.getByRole("alert").filter({ hasText: full })).toBeVisible();
      }

      // Newest first, two a page; the links are plain links that work without JavaScript.
      await page.goto("/user");
      const grid = page.getByRole("list", { name: "My Favorites" });
      await expect(grid.getByRole("listitem")).toHaveCount(2);
      await expect(grid.getByRole("link", { name: distinct[2]!.title, exact: true })).toBeVisible();
      await expect(page.getByText("3 favorites saved (you can keep up to 3) · page 1 of 2")).toBeVisible();
      await page.getByRole("link", { name: "Older favorites" }).click();
      await expect(page).toHaveURL(/\/user\?page=2$/);
      await expect(grid.getByRole("listitem")).toHaveCount(1);
      await expect(grid.getByRole("link", { name: distinct[0]!.title, exact: true })).toBeVisible();
      await page.getByRole("link", { name: "Newer favorites" }).click();
      await expect(page).toHaveURL(/\/user$/);
      expect((await page.request.get("/user?page=3")).status()).toBe(404);
      expect((await page.request.get("/user?page=x")).status()).toBe(400);
      // A favorite must be an episode of the catalog: made-up words are refused, nothing stored.
      await grid.getByRole("button", { name: `Remove ${distinct[2]!.title} from favorites` }).click();
      await expect(page.getByText("2 favorites saved (you can keep up to 3)", { exact: true })).toBeVisible();
      const made = await page.request.post("/favorites", {
        headers: { Origin: server.origin },
        form: { intent: "add", audioSrc: last.EpisodeUrl, title: "x".repeat(300), js: "1" },
      });
      expect(made.status()).toBe(400);
      await page.reload();
      await expect(page.getByText("2 favorites saved (you can keep up to 3)", { exact: true })).toBeVisible();
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
