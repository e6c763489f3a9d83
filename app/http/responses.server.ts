/** The thrown responses route modules use; the shared error boundary renders them. */
export function notFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export function badRequest(message: string): Response {
  return new Response(message, { status: 400, statusText: "Bad Request" });
}
