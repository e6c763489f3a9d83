import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMediaFolder } from "~/adapters/files/media-folder.server";
import { fileResponse } from "~/route-support/file-response.server";
import type { MediaFile } from "~/services/media-files.server";

let root: string;
let dir: string;
const PHOTO = Buffer.from("0123456789");

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-gallery-media-"));
  dir = path.join(root, "gallery-media");
  fs.mkdirSync(path.join(dir, "sub"), { recursive: true });
  fs.writeFileSync(path.join(dir, "photo.jpg"), PHOTO);
  fs.writeFileSync(path.join(dir, "clip.MP4"), "mp4");
  fs.writeFileSync(path.join(dir, "gone.jpg"), "soon gone");
  fs.writeFileSync(path.join(dir, ".hidden.jpg"), "x");
  fs.writeFileSync(path.join(dir, "notes.txt"), "not media");
  fs.writeFileSync(path.join(dir, "drawing.svg"), "<svg><script>alert(1)</script></svg>");
  fs.writeFileSync(path.join(dir, "sub", "inner.jpg"), "x");
  fs.writeFileSync(path.join(root, "secret.jpg"), "outside the folder");
  fs.symlinkSync(path.join(root, "secret.jpg"), path.join(dir, "link.jpg"));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const text = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe("the gallery's media folder", () => {
  it("finds a file by its name, with its type, size and time, and reads it whole or in part", async () => {
    const media = createMediaFolder(dir);
    const photo = await media.file("photo.jpg");
    expect(photo).toMatchObject({ size: PHOTO.length, contentType: "image/jpeg" });
    expect(photo!.modified.getTime()).toBe(fs.statSync(path.join(dir, "photo.jpg")).mtime.getTime());
    expect(await text(photo!.read())).toBe("0123456789");
    expect(await text(photo!.read({ start: 2, end: 4 }))).toBe("234");
    expect((await media.file("clip.MP4"))?.contentType).toBe("video/mp4");
  });

  it("finds nothing but the names the folder lists: no paths, dot files, folders, links or other types", async () => {
    const media = createMediaFolder(dir);
    for (const name of [
      "",
      ".",
      "..",
      "../secret.jpg",
      "..%2Fsecret.jpg",
      "%2e%2e/secret.jpg",
      "sub/inner.jpg",
      "sub",
      "./photo.jpg",
      "/photo.jpg",
      "photo.jpg/",
      "photo.jpg\u0000",
      "PHOTO.JPG",
      ".hidden.jpg",
      "link.jpg",
      "notes.txt",
      "drawing.svg",
      path.join(dir, "photo.jpg"),
      "no-such.jpg",
    ]) {
      expect(await media.file(name), JSON.stringify(name)).toBeNull();
    }
  });

  it("a listed file removed since is not found; a missing folder has nothing", async () => {
    const media = createMediaFolder(dir);
    expect(await media.file("gone.jpg")).not.toBeNull();
    fs.rmSync(path.join(dir, "gone.jpg"));
    expect(await media.file("gone.jpg")).toBeNull();
    expect(await createMediaFolder(path.join(root, "no-such-folder")).file("photo.jpg")).toBeNull();
  });
});

describe("a stored file as a response", () => {
  const modified = new Date("2026-11-24T10:00:00.250Z");
  const file: MediaFile = {
    size: 10,
    modified,
    contentType: "image/jpeg",
    read: (range) =>
      new Response(range ? PHOTO.subarray(range.start, range.end + 1) : PHOTO).body as ReadableStream<Uint8Array>,
  };
  const cache = { "Cache-Control": "private, max-age=3600", Vary: "Cookie" };
  const answer = (headers: Record<string, string> = {}, method = "GET") =>
    fileResponse(new Request("http://x/SpankBank/media/photo.jpg", { method, headers }), file, cache);
  const etag = answer().headers.get("ETag")!;

  it("200 with the type, length, validators and the given caching", async () => {
    const res = answer();
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "image/jpeg",
      "content-length": "10",
      "cache-control": "private, max-age=3600",
      vary: "Cookie",
      "last-modified": "Tue, 24 Nov 2026 10:00:00 GMT",
      "accept-ranges": "bytes",
    });
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(await res.text()).toBe("0123456789");
    const head = answer({}, "HEAD");
    expect([head.status, head.body, head.headers.get("Content-Length")]).toEqual([200, null, "10"]);
  });

  it("304 when the listener's copy is current, by tag or by date", () => {
    for (const headers of <Record<string, string>[]>[
      { "If-None-Match": etag },
      { "If-None-Match": `"other", W/${etag}` },
      { "If-None-Match": "*" },
      { "If-Modified-Since": "Tue, 24 Nov 2026 10:00:00 GMT" },
      { "If-Modified-Since": "Wed, 25 Nov 2026 10:00:00 GMT" },
    ]) {
      const res = answer(headers);
      expect(res.status, JSON.stringify(headers)).toBe(304);
      expect(res.body).toBeNull();
      expect(res.headers.get("ETag")).toBe(etag);
      expect(res.headers.get("Cache-Control")).toBe("private, max-age=3600");
    }
    for (const headers of <Record<string, string>[]>[
      { "If-None-Match": '"other"' },
      // The tag decides when both are sent.
      { "If-None-Match": '"other"', "If-Modified-Since": "Wed, 25 Nov 2026 10:00:00 GMT" },
      { "If-Modified-Since": "Tue, 24 Nov 2026 09:59:59 GMT" },
      { "If-Modified-Since": "yesterday" },
    ]) {
      expect(answer(headers).status, JSON.stringify(headers)).toBe(200);
    }
  });

  it("one byte range: 206 with its Content-Range; 416 past the end; anything else whole", async () => {
    const part = async (range: string, ifRange?: string) => {
      const res = answer({ Range: range, ...(ifRange ? { "If-Range": ifRange } : {}) });
      return [res.status, res.headers.get("Content-Range"), res.headers.get("Content-Length"), await res.text()];
    };
    expect(await part("bytes=2-4")).toEqual([206, "bytes 2-4/10", "3", "234"]);
    expect(await part("bytes=7-")).toEqual([206, "bytes 7-9/10", "3", "789"]);
    expect(await part("bytes=-2")).toEqual([206, "bytes 8-9/10", "2", "89"]);
    expect(await part("bytes=8-100")).toEqual([206, "bytes 8-9/10", "2", "89"]);
    expect(await part("bytes=-100")).toEqual([206, "bytes 0-9/10", "10", "0123456789"]);
    expect(await part("bytes=0-0", etag)).toEqual([206, "bytes 0-0/10", "1", "0"]);
    expect(await part("bytes=10-")).toEqual([416, "bytes */10", null, ""]);
    expect(await part("bytes=-0")).toEqual([416, "bytes */10", null, ""]);
    for (const whole of ["bytes=4-2", "bytes=0-1,4-5", "bytes=-", "items=0-1", "bytes=a-b"]) {
      expect(await part(whole), whole).toEqual([200, null, "10", "0123456789"]);
    }
    // A range of an older version of the file is not sent: the whole current file is.
    expect(await part("bytes=0-1", '"old"')).toEqual([200, null, "10", "0123456789"]);
  });
});

describe("the 18+ gallery's media are only in its folder", () => {
  it("no file under public/ (served to anyone) has the bytes of a gallery medium", () => {
    const hash = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
    const gallery = new Set(
      fs.readdirSync("sample/gallery-media").map((name) => hash(path.join("sample/gallery-media", name))),
    );
    const shared = fs
      .readdirSync("public", { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .filter((file) => gallery.has(hash(file)));
    expect(shared).toEqual([]);
  });
});
