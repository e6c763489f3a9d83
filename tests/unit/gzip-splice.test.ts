import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  crc32,
  crc32Combine,
  crc32Fallback,
  gzipSegments,
  gzipWithNonce,
  joinWithNonce,
  splitOnNonce,
} from "../../server/gzip-splice";

const nonce = () => crypto.randomBytes(16).toString("base64");

function page(n: string): Buffer {
  const script = (body: string) => `<script nonce="${n}">${body}</script>`;
  return Buffer.from(
    `<!DOCTYPE html><html><head>${"<link rel=stylesheet href=/build/a.css>".repeat(20)}</head><body>` +
      "<h1>The Ham Radio Show</h1>" +
      "<p>Latest episodes, lots of repeated words, repeated words, repeated words.</p>".repeat(200) +
      script(
        `window.__remixContext = ${JSON.stringify({ state: { loaderData: { root: { user: null } } }, é: "ünïcødé" })};`,
      ) +
      script("import('/build/entry.client.js')") +
      `<link rel="modulepreload" href="/build/root.js" nonce="${n}"/></body></html>`,
  );
}

describe("splitting a page at its nonce", () => {
  it("splits at every occurrence and joins back with any nonce", () => {
    const a = nonce();
    const body = page(a);
    const segments = splitOnNonce(body, a);
    expect(segments).toHaveLength(4);
    expect(joinWithNonce(segments, a).equals(body)).toBe(true);
    const b = nonce();
    expect(joinWithNonce(segments, b).toString()).toBe(page(b).toString());
    expect(joinWithNonce(segments, b).includes(a)).toBe(false);
  });

  it("keeps a body without the nonce whole (JSON data requests)", () => {
    const body = Buffer.from('{"a":1}');
    expect(splitOnNonce(body, nonce())).toEqual([body]);
    expect(joinWithNonce([body], nonce())).toBe(body);
  });

  it("handles a nonce at the very start and end", () => {
    const a = nonce();
    const body = Buffer.from(`${a}middle${a}`);
    const segments = splitOnNonce(body, a);
    expect(segments.map(String)).toEqual(["", "middle", ""]);
    const b = nonce();
    expect(joinWithNonce(segments, b).toString()).toBe(`${b}middle${b}`);
  });
});

describe("gzip with a spliced nonce", () => {
  it("decompresses to the page with the new nonce, for many nonces", () => {
    const a = nonce();
    const g = gzipSegments(splitOnNonce(page(a), a), Buffer.byteLength(a));
    for (let i = 0; i < 20; i++) {
      const b = nonce();
      const gz = gzipWithNonce(g, b);
      expect(zlib.gunzipSync(gz).toString()).toBe(page(b).toString());
    }
  });

  it("is about as small as compressing the whole page", () => {
    const a = nonce();
    const body = page(a);
    const spliced = gzipWithNonce(gzipSegments(splitOnNonce(body, a), 24), nonce());
    const whole = zlib.gzipSync(body, { level: 9 });
    expect(spliced.length).toBeLessThan(whole.length * 1.05 + 100);
    expect(spliced.length).toBeLessThan(body.length / 3);
  });

  it("works for a single segment, empty segments, and every level", () => {
    for (const level of [1, 6, 9]) {
      const one = gzipSegments([Buffer.from("hello world ".repeat(200))], 24, level);
      expect(zlib.gunzipSync(gzipWithNonce(one, nonce())).toString()).toBe("hello world ".repeat(200));
    }
    const a = nonce();
    const g = gzipSegments(splitOnNonce(Buffer.from(`${a}${a}x${a}`), a), 24);
    const b = nonce();
    expect(zlib.gunzipSync(gzipWithNonce(g, b)).toString()).toBe(`${b}${b}x${b}`);
  });

  it("lets a segment refer back to the text before the nonce, never into it", () => {
    // The second half repeats the first: with the preceding text as dictionary it costs little.
    const a = nonce();
    const half = "<p>" + "the crew in the bunker with the antenna and the air horn ".repeat(40) + "</p>";
    const body = Buffer.from(`${half}<script nonce="${a}">1</script>${half}`);
    const g = gzipSegments(splitOnNonce(body, a), 24);
    const second = g.parts[2]!.length;
    const alone = zlib.deflateRawSync(Buffer.from(`">1</script>${half}`)).length;
    expect(second).toBeLessThan(alone / 2);
    for (let i = 0; i < 10; i++) {
      const b = nonce();
      expect(zlib.gunzipSync(gzipWithNonce(g, b)).toString()).toBe(body.toString().replaceAll(a, b));
    }
  });

  it("compresses a body holding NUL bytes without dictionaries (still exact)", () => {
    const a = nonce();
    const body = Buffer.concat([
      Buffer.from("x\u0000y ".repeat(50)),
      Buffer.from(a),
      Buffer.from("\u0000".repeat(30) + "x\u0000y ".repeat(50)),
    ]);
    const g = gzipSegments(splitOnNonce(body, a), 24);
    const b = nonce();
    expect(
      zlib
        .gunzipSync(gzipWithNonce(g, b))
        .equals(Buffer.concat([body.subarray(0, 200), Buffer.from(b), body.subarray(224)])),
    ).toBe(true);
  });

  it("refuses a nonce of another length (the caller falls back to the raw body)", () => {
    const g = gzipSegments([Buffer.from("a"), Buffer.from("b")], 24);
    expect(() => gzipWithNonce(g, "short")).toThrow(/length/);
  });
});

describe("CRC-32", () => {
  it("the fallback agrees with zlib's", () => {
    for (const size of [0, 1, 7, 1000, 65_537]) {
      const data = crypto.randomBytes(size);
      expect(crc32Fallback(data)).toBe(crc32(data));
    }
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
  });

  it("combines the CRCs of two parts into the CRC of the whole", () => {
    for (const [la, lb] of [
      [0, 5],
      [5, 0],
      [100, 24],
      [70_000, 3],
      [13, 100_000],
    ]) {
      const a = crypto.randomBytes(la);
      const b = crypto.randomBytes(lb);
      expect(crc32Combine(crc32(a), crc32(b), lb)).toBe(crc32(Buffer.concat([a, b])));
    }
  });
});
