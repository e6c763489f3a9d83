import type { RequestHandler, Response } from "express";

/**
 * The push stream of now-playing changes (server-sent events, ADR 056): what tells a page with
 * live on and no audio stream of its own (paused) that the show went off air, sooner than the
 * 10 s poll with the caches behind it could.
 *
 * One watcher per instance, running only while a stream is open: every `checkMs` it reads the
 * same answer GET /api/now-playing serves (the now-playing service and its cache window: one
 * source for the title), and when its JSON differs from the last, the one message made of it is
 * written to every stream. A new stream gets the last message at once, so a change between the
 * page's poll and its subscription is not missed. One timer beats for every stream and ends those
 * past their lifetime (the browser opens a new one, through every limit again). A client address
 * may hold `perAddress` streams; more are answered 429, which a browser does not retry by itself.
 */
export interface NowPlayingEventsOptions {
  path: string;
  /** The answer of GET /api/now-playing (the service's cached read). */
  current(): Promise<unknown>;
  checkMs: number;
  heartbeatMs: number;
  lifetimeMs: number;
  retryMs: number;
  perAddress: number;
  cacheControl: string;
}

export interface NowPlayingEvents extends RequestHandler {
  /** Streams open now. */
  open(): number;
  /** Ends every stream and refuses new ones (the graceful stop): no stream holds the exit back. */
  close(): void;
}

interface Stream {
  res: Response;
  address: string;
  endsAt: number;
}

export function nowPlayingEvents(options: NowPlayingEventsOptions): NowPlayingEvents {
  const streams = new Set<Stream>();
  const perAddress = new Map<string, number>();
  const heartbeat = Buffer.from(":\n\n");
  let last: { json: string; message: Buffer } | null = null;
  let watcher: ReturnType<typeof setInterval> | undefined;
  let beat: ReturnType<typeof setInterval> | undefined;
  let closed = false;

  const check = async () => {
    let json: string;
    try {
      json = JSON.stringify(await options.current());
    } catch {
      // The service answers its fallback rather than throw; nothing to send if it ever did.
      return;
    }
    if (streams.size === 0 || json === last?.json) return;
    last = { json, message: Buffer.from(`data: ${json}\n\n`) };
    for (const stream of streams) stream.res.write(last.message);
  };

  const pulse = () => {
    const at = Date.now();
    for (const stream of streams) {
      if (at >= stream.endsAt) end(stream);
      else stream.res.write(heartbeat);
    }
  };

  // Out of the set first: nothing is written after the end.
  const end = (stream: Stream) => {
    remove(stream);
    stream.res.end();
  };

  const remove = (stream: Stream) => {
    if (!streams.delete(stream)) return;
    const left = (perAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) perAddress.set(stream.address, left);
    else perAddress.delete(stream.address);
    if (streams.size > 0) return;
    // Nobody listens: the watcher stops, and the next stream waits for a fresh read.
    clearInterval(watcher);
    clearInterval(beat);
    watcher = beat = undefined;
    last = null;
  };

  const refuse = (res: Response, status: number, text: string) =>
    res
      .status(status)
      .set({ "Cache-Control": options.cacheControl, "Retry-After": String(Math.ceil(options.retryMs / 1000)) })
      .type("text/plain")
      .send(text);

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || req.originalUrl !== options.path) return next();
    if (closed) return refuse(res, 503, "The server is restarting. Please try again in a moment.");
    const address = req.ip ?? "";
    const held = perAddress.get(address) ?? 0;
    if (held >= options.perAddress) return refuse(res, 429, "Too many open streams from your network.");
    perAddress.set(address, held + 1);
    const stream: Stream = { res, address, endsAt: Date.now() + options.lifetimeMs };
    streams.add(stream);
    res.once("close", () => remove(stream));
    res.writeHead(200, {
      "Content-Type": "text/event-stream",
      "Cache-Control": options.cacheControl,
      // nginx passes each event on at once (its location also says so).
      "X-Accel-Buffering": "no",
    });
    res.write(`retry: ${options.retryMs}\n\n`);
    if (last) res.write(last.message);
    if (watcher) return;
    watcher = setInterval(() => void check(), options.checkMs);
    beat = setInterval(pulse, options.heartbeatMs);
    void check();
  };

  return Object.assign(handler, {
    open: () => streams.size,
    close() {
      closed = true;
      for (const stream of streams) end(stream);
    },
  });
}
