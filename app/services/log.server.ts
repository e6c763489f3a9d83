import { pino, type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";

/**
 * The app's log (ADR 061): pino JSON lines on stdout, or pino-pretty's lines (`npm run app`),
 * at LOG_LEVEL, set once at start from the validated env. server/observe.ts makes the server's
 * the same way (the server reaches no app module). Never an address, uid or title at info.
 */
let prettyOut: DestinationStream | null = null;
const out: DestinationStream = { write: (line) => void (prettyOut ?? process.stdout).write(line) };
export const log: Logger = pino({ base: undefined }, out);

export function configureLog(env: { LOG_LEVEL: string; logFormat: "json" | "pretty" }): void {
  log.level = env.LOG_LEVEL;
  prettyOut = env.logFormat === "pretty" ? pretty({ sync: true, destination: 1 }) : null;
}

/** An error's message only: the outage and state lines say what failed, never a stack. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
