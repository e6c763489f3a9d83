// @vitest-environment node
/** The document encoder (app/utils/utf8.server.ts) gives exactly Buffer.from(text, "utf8"). */
import { describe, expect, it } from "vitest";
import { utf8Bytes } from "~/utils/utf8.server";

const same = (text: string) => expect(utf8Bytes(text).equals(Buffer.from(text, "utf8"))).toBe(true);

describe("utf8Bytes", () => {
  it("encodes ASCII, Latin-1, the rest of the BMP and astral characters as UTF-8 does", () => {
    for (const text of [
      "",
      '<!DOCTYPE html><p class="a">plain ASCII &amp; markup</p>',
      "é",
      "2013–2017 · © The Ham Radio Show × → —",
      "starts with ünïcödé and ends in ASCII",
      "ASCII then 📻 emoji 🎙️ and 𝄞 at the very end 🎧",
      "日本語のテキスト",
      "\u007f\u0080\u07ff\u0800\uffff",
    ]) {
      same(text);
    }
  });

  it("turns a lone surrogate into U+FFFD wherever it is, as Buffer.from does", () => {
    for (const text of ["\ud800", "a\udc00b", "x\ud83d", "\ud83d\ud83d\udcfb", "\udcfb\ud83d y", "é\ud800é"])
      same(text);
  });

  it("agrees with Buffer.from on long random mixes (and keeps no state between calls)", () => {
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const alphabet = ["a", "<", ">", '"', " ", "é", "–", "·", "📻", "\ud800", "\udfff", "日", "\u0000"];
    for (let round = 0; round < 200; round++) {
      let text = "";
      const length = next() % 400;
      for (let i = 0; i < length; i++) text += alphabet[next() % alphabet.length].repeat(1 + (next() % 5));
      same(text);
    }
  });

  it("returns bytes of exactly the encoded length", () => {
    const text = "a–b📻c";
    expect(utf8Bytes(text).length).toBe(Buffer.byteLength(text, "utf8"));
  });
});
