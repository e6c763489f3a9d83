import {
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { requestOrigin } from "./path-guard";

/**
 * Express to Remix. Unlike @remix-run/express's adapter, the body handed over is the one the
 * server has already read within its limits (request-limits.ts), and the origin is the one
 * requestGuard checked; the loaders and actions stop when the client goes away before its answer.
 */
export function remixHandler(
  build: ServerBuild,
  mode: string,
  loadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
  privatePolicy: string,
): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    const controller = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) for (const v of value) headers.append(name, v);
        else if (value !== undefined) headers.set(name, value);
      }
      const read = req.method === "GET" || req.method === "HEAD" ? undefined : (req.body as Buffer | undefined);
      const request = new Request(requestOrigin(req) + req.originalUrl, {
        method: req.method,
        headers,
        body: read && new Uint8Array(read),
        signal: controller.signal,
      });
      const response = await handle(request, loadContext(req, res));
      // A POST where no action is: the router's page for it would carry its route ids.
      if (response.status === 405 && req.method === "POST") {
        void response.body?.cancel();
        res.status(405).set({ Allow: "GET, HEAD", "Cache-Control": privatePolicy }).type("text/plain");
        res.send("This page doesn't take form submissions.");
        return;
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== "set-cookie") res.append(name, value);
      });
      for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
      if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}
