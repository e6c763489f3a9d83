import { execFileSync, type ChildProcess } from "node:child_process";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** The real services are part of the test command: a missing package fails the run, it never skips. */
export function needCommands(commands: string[], debianPackages: string): void {
  const missing = commands.filter((c) => {
    try {
      execFileSync("sh", ["-c", `command -v ${c}`], { stdio: "ignore" });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length)
    throw new Error(`${missing.join(", ")} not found: install Debian's ${debianPackages} (scripts/test-all.sh does)`);
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Retries `ready` (a throw or false is "not yet") every 100 ms, for 30 s at most. */
export async function waitFor(what: string, ready: () => boolean | Promise<boolean>): Promise<void> {
  let last: unknown = null;
  for (let i = 0; i < 300; i++) {
    try {
      if (await ready()) return;
    } catch (error) {
      last = error;
    }
    await sleep(100);
  }
  throw new Error(`${what} did not start${last instanceof Error ? `: ${last.message}` : ""}`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}
