export function loader() {
  return new Response("<!doctype html><p>floor</p>", { headers: { "Content-Type": "text/html" } });
}
