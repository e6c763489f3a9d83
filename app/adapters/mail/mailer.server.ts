import nodemailer from "nodemailer";
import type { Env } from "~/config/env.server";
import type { Mail, Mailer } from "~/services/account-email.server";

/**
 * Mail out of the app: nodemailer over SMTP (SMTP_URL, from MAIL_FROM). Without SMTP_URL, outside
 * production, each mail is printed on the console instead, so a developer can follow its link;
 * in production there is no mailer at all (docs/decisions/003-accounts.md).
 */
export function createMailerFromEnv(env: Env): Mailer | null {
  if (env.SMTP_URL) return createSmtpMailer(env.SMTP_URL, env.MAIL_FROM ?? "The Ham Radio Show <no-reply@localhost>");
  return env.NODE_ENV === "production" ? null : consoleMailer;
}

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
