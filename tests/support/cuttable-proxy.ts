/**
 * A TCP proxy to a server that a test can take down and bring back, as a database restart looks
 * to its clients (open connections reset, new ones refused) — without stopping a server that other
 * test files share.
 */
import net from "node:net";

export interface CuttableProxy {
  /** A URL like `target`, pointing at the proxy. */
  url: string;
  /** Resets every open connection and refuses new ones. */
  down(): void;
  /** Resets every open connection; new ones get through. */
  cut(): void;
  up(): void;
  close(): Promise<void>;
}

export async function cuttableProxy(target: string): Promise<CuttableProxy> {
  const to = new URL(target);
  const sockets = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((client) => {
    if (refusing) return client.resetAndDestroy();
    const upstream = net.connect(Number(to.port), to.hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(a);
      a.pipe(b);
      a.on("error", () => b.destroy());
      a.on("close", () => (sockets.delete(a), b.destroy()));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(target);
  url.port = String((server.address() as net.AddressInfo).port);
  const cut = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };
  return {
    url: url.toString(),
    down() {
      refusing = true;
      cut();
    },
    cut,
    up() {
      refusing = false;
    },
    close() {
      cut();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
