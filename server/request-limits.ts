import type { Server } from "node:http";
import express, { type RequestHandler } from "express";

/**
 * Bounds on what one client can make the server hold. A render slot, a sign-in slot or a hash
 * thread is only ever taken by a request whose body has fully arrived: bodies are read here,
 * first, within a size and a time limit, and one address may have only a few bodies under way.
 * Left to the route, an unfinished body held a render slot for as long as its sender liked, and
 * eight such connections stopped every uncached page.
 */
export interface BodyLimits {
  maxBytes: number;
  /** From the first byte of the request to the last of its body. */
  timeoutMs: number;
  /** Bodies one client address may be sending at once; past that: 429 and the connection closed. */
  perClient: number;
  cacheControl: string;
}

const refuse = (res: express.Response, status: number, text: string, cacheControl: string) => {
  if (res.headersSent) return;
  // The rest of the body is never read: the connection cannot carry another request.
  res.status(status).set({ Connection: "close", "Cache-Control": cacheControl }).type("text/plain").send(text);
};

/** Reads a POST's body into `req.body` (a Buffer) before anything else may wait on it. */
export function readBodies(limits: BodyLimits): RequestHandler & { pending(): number } {
  // Encoded bodies are refused (415): inflating one would be work its sender does not pay for.
  const raw = express.raw({ type: () => true, limit: limits.maxBytes, inflate: false });
  const underWay = new Map<string, number>();
  let total = 0;
  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "POST") return next();
    const client = req.ip ?? "";
    const mine = underWay.get(client) ?? 0;
    if (mine >= limits.perClient)
      return refuse(res, 429, "Too many unfinished requests from your network. Please try again.", limits.cacheControl);
    underWay.set(client, mine + 1);
    total++;
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      total--;
      const left = (underWay.get(client) ?? 1) - 1;
      if (left > 0) underWay.set(client, left);
      else underWay.delete(client);
      return true;
    };
    const timer = setTimeout(() => {
      if (settle()) refuse(res, 408, "The request took too long to arrive. Please try again.", limits.cacheControl);
    }, limits.timeoutMs);
    res.once("close", settle);
    raw(req, res, (error?: unknown) => {
      if (!settle()) return;
      // A body over the limit (413) is drained by Node after the answer, within the request time
      // limit: closing on unread data would reset the connection and could lose the answer.
      if (error) return next(error);
      if (!Buffer.isBuffer(req.body)) req.body = undefined;
      next();
    });
  };
  return Object.assign(handler, { pending: () => total });
}

/**
 * At most `perAddress` open connections from one socket address; more are closed at once. Only
 * for clients that connect directly: behind a proxy every connection comes from the proxy, and
 * the proxy limits its clients (deploy/nginx.conf, `limit_conn`).
 */
export function limitConnections(server: Server, perAddress: number): void {
  if (perAddress <= 0) return;
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
