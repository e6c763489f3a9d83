import { describe, expect, it } from "vitest";
import { readBody, readForm } from "~/route-support/guards.server";

/** A request whose body streams without a length (as a chunked upload does), counting the reads. */
function streamed(chunks: number, chunkBytes: number, type = "application/x-www-form-urlencoded") {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled++;
      controller.enqueue(new TextEncoder().encode(pulled === 1 ? "a=1&b=" : "x".repeat(chunkBytes)));
    },
  });
  const request = new Request("http://site.test/signin", {
    method: "POST",
    body,
    headers: { "Content-Type": type },
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

const status = async (p: Promise<unknown>) => {
  try {
    await p;
    return "resolved";
  } catch (error) {
    return error instanceof Response ? error.status : String(error);
  }
};

describe("readBody / readForm: bodies over the limit, declared or streamed", () => {
  it("reads a small body whole", async () => {
    const form = await readForm(
      new Request("http://site.test/", {
        method: "POST",
        body: "email=a%40b.c&x=%00",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(form.get("email")).toBe("a@b.c");
    expect(form.get("x")).toBe("\u0000");
  });

  it("refuses a declared Content-Length over the limit without reading", async () => {
    const request = new Request("http://site.test/", {
      method: "POST",
      body: "a=1",
      headers: { "Content-Length": String(10 * 1024 * 1024) },
    });
    expect(await readBody(request, 16 * 1024)).toBeNull();
    expect(await status(readForm(request))).toBe(413);
  });

  it("stops reading a body without a length once it passes the limit (a 1 GB chunked upload is never buffered)", async () => {
    const huge = streamed(16 * 1024, 64 * 1024); // 1 GB if read to the end
    expect(await readBody(huge.request, 16 * 1024)).toBeNull();
    expect(huge.pulled()).toBeLessThan(8);
    const form = streamed(16 * 1024, 64 * 1024);
    expect(await status(readForm(form.request))).toBe(413);
    expect(form.pulled()).toBeLessThan(8);
  });

  it("accepts a streamed body up to the limit", async () => {
    const small = streamed(3, 1000);
    const form = await readForm(small.request);
    expect(form.get("a")).toBe("1");
    expect((form.get("b") as string).length).toBe(2000);
  });

  it("answers an unreadable form with a 400, not a 500", async () => {
    expect(
      await status(
        readForm(
          new Request("http://site.test/", {
            method: "POST",
            body: "{}",
            headers: { "Content-Type": "application/json" },
          }),
        ),
      ),
    ).toBe(400);
    expect(
      await status(
        readForm(
          new Request("http://site.test/", {
            method: "POST",
            body: "a=1",
            headers: { "Content-Type": "multipart/form-data" },
          }),
        ),
      ),
    ).toBe(400);
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("client went away"));
      },
    });
    const request = new Request("http://site.test/", {
      method: "POST",
      body: broken,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(await status(readForm(request))).toBe(400);
  });
});
