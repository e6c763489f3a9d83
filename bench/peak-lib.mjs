// What the peak scripts share: listeners signed up on one instance, the player's progress write.
import crypto from "node:crypto";

/** A client address of 4,096 (10.64.x.y), the `i`th. */
export const address = (i) => `10.${64 + ((i >> 16) & 63)}.${(i >> 8) & 255}.${i & 255}`;

export const PASSWORD = "peak-password-123456";
let nextAddress = 8192;

/** Signs `email` in on `origin`; the session cookie. */
export async function signIn(origin, email) {
  const res = await fetch(`${origin}/signin`, {
    method: "POST",
    headers: { "X-Forwarded-For": `${address(nextAddress++)}, 127.0.0.1` },
    body: new URLSearchParams({ email, password: PASSWORD, website: "", redirectTo: "/" }),
    redirect: "manual",
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => /hrs_session=/.test(c));
  if (!cookie) throw new Error(`sign-in gave no session cookie (status ${res.status})`);
  return cookie;
}

/**
 * `count` listeners signed up and in on `origin` (an instance, reached directly: the address
 * nginx would append goes last), four at a time: their emails and session cookies, and the
 * newest episodes.
 */
export async function signUpListeners(origin, count) {
  const home = await (await fetch(`${origin}/?_data=routes/_index`)).json();
  const episodes = home.latest.filter((e) => e.audioUrl);
  process.stdout.write(`signing up ${count} listeners… `);
  const emails = [];
  const cookies = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        next++;
        const email = `peak-${crypto.randomBytes(6).toString("hex")}@example.com`;
        const up = await fetch(`${origin}/signup`, {
          method: "POST",
          headers: { "X-Forwarded-For": `${address(nextAddress++)}, 127.0.0.1` },
          body: new URLSearchParams({ email, password: PASSWORD, website: "" }),
          redirect: "manual",
        });
        if (up.status !== 302 && up.status !== 303) throw new Error(`sign-up answered ${up.status}`);
        emails.push(email);
        cookies.push(await signIn(origin, email));
      }
    }),
  );
  console.log("done");
  return { emails, cookies, episodes };
}

/** The JSON the player's queue sends every 10 s while playing. */
export function progressBody(episodes) {
  const e = episodes[Math.floor(Math.random() * episodes.length)];
  return JSON.stringify({
    AudioTitle: e.title,
    AudioSrc: e.audioUrl,
    Duration: e.duration ?? 0,
    currentTime: Math.round(Math.random() * 30000) / 10,
    at: Date.now(),
  });
}
