import nodemailer from "nodemailer";
import type { Env } from "~/config/env.server";
import type { Mail, Mailer } from "~/services/account-email.server";

/**
 * Mail out of the app: nodemailer over SMTP (SMTP_URL, from MAIL_FROM). Without SMTP_URL and with
 * MAIL_CONSOLE on (development, `npm run app`), each mail is printed on the console instead, so
 * whoever runs it can follow its link; else there is no mailer at all (docs/decisions/003-accounts.md).
 */
export function createMailerFromEnv(env: Env): Mailer | null {
  if (env.SMTP_URL) return createSmtpMailer(env.SMTP_URL, env.MAIL_FROM ?? "The Ham Radio Show <no-reply@localhost>");
  return env.mailToConsole ? consoleMailer : null;
}

/** Said once at start, so whoever tries sign-up knows where the confirmation link went. */
export const MAIL_CONSOLE_NOTICE =
  "[mail] no SMTP_URL: mails (address confirmation, password reset) are printed on this console, not sent";

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(
    // A mail server that stops answering fails the send in seconds, never holds it for minutes.
    { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
    { from },
  );
  return {
    async send(mail: Mail) {
      await transport.sendMail(mail);
    },
  };
}

const consoleMailer: Mailer = {
  async send(mail) {
    console.info(`[mail] (no SMTP_URL: printed, not sent) to ${mail.to}: ${mail.subject}\n${mail.text}`);
  },
};
