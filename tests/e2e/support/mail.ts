import { expect } from "@playwright/test";

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * The mailbox of the e2e servers: scripts/e2e-server.mjs points SMTP_URL at the fake upstreams
 * (the port after the app's), which list what they received at /__mail.
 */
function mailbox(baseURL: string): string {
  return `http://127.0.0.1:${Number(new URL(baseURL).port) + 1}`;
}

/** The link to `path` in the newest mail to `email` that has one, once it has arrived. */
export async function linkInMail(baseURL: string, email: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(baseURL, email);
        link = mails
          .flatMap((m) => m.text.split(/\s+/))
          .filter((word) => new RegExp(`^https?://[^/]+${path}\\?code=`).test(word))
          .at(-1);
        return link;
      },
      { message: `a mail to ${email} with a link to ${path}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

export async function mailsTo(baseURL: string, email: string): Promise<Mail[]> {
  return (await (await fetch(`${mailbox(baseURL)}/__mail?to=${encodeURIComponent(email)}`)).json()) as Mail[];
}
