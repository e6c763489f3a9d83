// A real SMTP server for tests (the smtp-server package, no TLS, any credentials): it receives
// what nodemailer sends, parses each message (mailparser) and keeps it. Tests read the mail a
// listener would get: `mailTo(address)` waits for it; the e2e stack serves the same list over
// HTTP (scripts/fakes/upstreams.mjs, GET /__mail?to=<address>).
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";

export async function startSmtpSink({ port = 0, host = "127.0.0.1" } = {}) {
  const received = [];
  const waiters = new Set();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail = {
            from: parsed.from?.text ?? "",
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            at: Date.now(),
          };
          received.push(mail);
          for (const w of waiters) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const boundPort = server.server.address().port;
  const forAddress = (to) => received.filter((m) => m.to.includes(String(to).toLowerCase()));
  return {
    url: `smtp://${host}:${boundPort}`,
    received,
    forAddress,
    /** The `nth` mail (from 1) to `to`, once it has arrived (rejects after `timeoutMs`). */
    mailTo(to, nth = 1, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = forAddress(to)[nth - 1];
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail #${nth} to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The one link of a mail's text that starts with `origin`. */
export function linkIn(mail, origin) {
  const found = mail.text.split(/\s+/).find((word) => word.startsWith(origin));
  if (!found) throw new Error(`no link to ${origin} in: ${mail.text}`);
  return found;
}
