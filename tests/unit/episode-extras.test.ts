import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEpisodeExtras } from "~/adapters/files/episode-extras.server";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-extras-"));
  fs.mkdirSync(path.join(dir, "media", "t"), { recursive: true });
  fs.writeFileSync(path.join(dir, "media", "t", "a.vtt"), "WEBVTT\n\n00:01.000 --> 00:02.000\nhello\n");
  fs.writeFileSync(path.join(dir, "media", "t", "c.json"), '{"chapters":[{"startTime":0,"title":"Intro"}]}');
  fs.writeFileSync(path.join(dir, "media", "t", "junk.json"), "{not json");
  fs.writeFileSync(path.join(dir, "secret.vtt"), "WEBVTT\n\n00:01.000 --> 00:02.000\nsecret\n");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("episode extras", () => {
  it("reads the site's own files under /media/ and nothing outside it", async () => {
    const extras = createEpisodeExtras({ publicDir: dir, fetch: () => Promise.reject(new Error("no network")) });
    expect(await extras.transcript("/media/t/a.vtt")).toEqual([{ start: 1, end: 2, text: "hello" }]);
    expect(await extras.chapters("/media/t/c.json")).toEqual([{ startTime: 0, title: "Intro", img: null }]);
    expect(await extras.chapters("/media/t/junk.json")).toEqual([]);
    expect(await extras.transcript("/media/t/missing.vtt")).toEqual([]);
    expect(await extras.transcript("/media/../secret.vtt")).toEqual([]);
    expect(await extras.transcript("/media/%2e%2e/secret.vtt")).toEqual([]);
    expect(await extras.transcript("file:///etc/passwd")).toEqual([]);
  });

  it("reads a remote file once, and tries a failed one again", async () => {
    const asked: string[] = [];
    let up = false;
    const extras = createEpisodeExtras({
      publicDir: dir,
      fetch: async (url) => {
        asked.push(url);
        if (!up) throw new Error("down");
        return new Response("WEBVTT\n\n00:03.000 --> 00:04.000\nremote\n");
      },
    });
    const url = "https://files.example/t.vtt";
    expect(await extras.transcript(url)).toEqual([]);
    up = true;
    expect(await extras.transcript(url)).toEqual([{ start: 3, end: 4, text: "remote" }]);
    expect(await extras.transcript(url)).toEqual([{ start: 3, end: 4, text: "remote" }]);
    expect(asked).toEqual([url, url]);
  });

  it("gives none for a refused or oversized answer", async () => {
    const extras = createEpisodeExtras({
      publicDir: dir,
      fetch: async (url) =>
        url.endsWith("404")
          ? new Response("WEBVTT", { status: 404 })
          : new Response("WEBVTT\n\n" + "00:01.000 --> 00:02.000\nx\n\n".repeat(100_000)),
    });
    expect(await extras.transcript("https://files.example/404")).toEqual([]);
    expect(await extras.transcript("https://files.example/huge")).toEqual([]);
  });
});
