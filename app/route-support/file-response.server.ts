import type { MediaFile } from "~/services/media-files.server";

/**
 * A stored file as a route's response, as a static file server would send it: validators
 * (ETag, Last-Modified) and 304 on a match, one byte range (206; 416 when it cannot be
 * satisfied) since media elements seek with them, and no body for HEAD. Express's `send` does
 * this for Node's response objects; a route answers with a Fetch `Response`.
 */
export function fileResponse(request: Request, file: MediaFile, cacheHeaders: Record<string, string>): Response {
  const etag = `"${file.size.toString(16)}-${file.modified.getTime().toString(16)}"`;
  const headers = new Headers({
    ...cacheHeaders,
    ETag: etag,
    "Last-Modified": file.modified.toUTCString(),
    "Accept-Ranges": "bytes",
  });
  if (notModified(request.headers, etag, file.modified)) return new Response(null, { status: 304, headers });

  headers.set("Content-Type", file.contentType);
  const range = rangeOf(request.headers, etag, file);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${file.size}`);
    return new Response(null, { status: 416, statusText: "Range Not Satisfiable", headers });
  }
  const body = (bytes?: { start: number; end: number }) => (request.method === "HEAD" ? null : file.read(bytes));
  if (!range) {
    headers.set("Content-Length", String(file.size));
    return new Response(body(), { status: 200, headers });
  }
  headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
  headers.set("Content-Length", String(range.end - range.start + 1));
  return new Response(body(range), { status: 206, statusText: "Partial Content", headers });
}

const opaqueTags = (list: string) => list.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
/** Last-Modified has whole seconds; a file time has milliseconds. */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** If-None-Match wins over If-Modified-Since (tags compare weakly, as for a GET). */
function notModified(headers: Headers, etag: string, modified: Date): boolean {
  const tags = headers.get("If-None-Match");
  if (tags !== null) return tags.trim() === "*" || opaqueTags(tags).includes(etag);
  const since = Date.parse(headers.get("If-Modified-Since") ?? "");
  return !Number.isNaN(since) && seconds(modified) <= since / 1000;
}

/**
 * The one range of `bytes=a-b`, `bytes=a-` or `bytes=-n`, clamped to the file; null for the
 * whole file: no Range, one that is not a single valid byte range (several ranges are answered
 * whole, which a server may do), or an If-Range naming another version of the file.
 */
function rangeOf(
  headers: Headers,
  etag: string,
  file: MediaFile,
): { start: number; end: number } | "unsatisfiable" | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(headers.get("Range")?.trim() ?? "");
  if (!match || (!match[1] && !match[2]) || (match[1] && match[2] && Number(match[2]) < Number(match[1]))) return null;
  const ifRange = headers.get("If-Range");
  if (ifRange !== null && ifRange !== etag && ifRange !== file.modified.toUTCString()) return null;
  const last = file.size - 1;
  const [start, end] = match[1]
    ? [Number(match[1]), match[2] ? Math.min(Number(match[2]), last) : last]
    : [Math.max(file.size - Number(match[2]), 0), last];
  if (start > end || start > last) return "unsatisfiable";
  return { start, end };
}
