import fs from "node:fs";
import path from "node:path";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { MediaFile, MediaFiles } from "~/services/media-files.server";

/** The embedded gallery's media: this folder of the sample catalog (SAMPLE_DIR). */
export const GALLERY_MEDIA_FOLDER = "gallery-media";

/** Pictures and video only: nothing a browser would run as a page or a script (no SVG, no HTML). */
const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

const contentTypeOf = (name: string) => CONTENT_TYPES[path.extname(name).toLowerCase()];
/** Dot files are an editor's or a system's, never the gallery's. */
const servable = (name: string) => !name.startsWith(".") && contentTypeOf(name) !== undefined;

/**
 * The files directly in `dir`, by name. A name becomes a path only when it is one the folder
 * listed (read once, at the first request: the folder ships with the sample catalog and does
 * not change while the server runs), so `..`, separators, encoded tricks, dot files,
 * sub-folders and links are simply not found.
 */
export function createMediaFolder(dir: string): MediaFiles {
  let names: Promise<Set<string>> | undefined;
  const list = () =>
    (names ??= fs.promises.readdir(dir, { withFileTypes: true }).then(
      (entries) => new Set(entries.filter((e) => e.isFile() && servable(e.name)).map((e) => e.name)),
      // No folder: nothing to serve (a sample catalog without gallery media).
      () => new Set<string>(),
    ));
  return {
    async file(name) {
      if (!(await list()).has(name)) return null;
      const file = path.join(dir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return {
        size: stat.size,
        modified: stat.mtime,
        contentType: contentTypeOf(name)!,
        read: (range) => createReadableStreamFromReadable(fs.createReadStream(file, range)),
      } satisfies MediaFile;
    },
  };
}
