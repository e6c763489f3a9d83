/** The thrown responses route modules use; the shared error boundary renders them. */
export function notFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export function badRequest(message: string): Response {
  return new Response(message, { status: 400, statusText: "Bad Request" });
}

/** A service the request needs is down, slow or answering junk: say so, and when to retry. */
export function serviceUnavailable(message: string, retryAfterSeconds = 60): Response {
  return new Response(message, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "Retry-After": String(retryAfterSeconds), "Cache-Control": "private, no-store" },
  });
}
