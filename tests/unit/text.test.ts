import { describe, expect, it } from "vitest";
import { truncateChars, truncateWords } from "~/rules/text";
import { DESCRIPTION_WORD_LIMIT, NEWS_TEXT_CHAR_LIMIT } from "~/rules/constants";

const words = (n: number, w = "word") => Array.from({ length: n }, (_, i) => `${w}${i + 1}`).join(" ");

describe("docs/product.md §5 card description: cut to 18 words followed by an ellipsis", () => {
  it("uses the docs/product.md §9 limit of 18", () => {
    expect(DESCRIPTION_WORD_LIMIT).toBe(18);
  });

  it("keeps text of up to 18 words whole, without an ellipsis", () => {
    expect(truncateWords(words(17))).toBe(words(17));
    expect(truncateWords(words(18))).toBe(words(18));
  });

  it("cuts the 19th word and everything after it and appends '...'", () => {
    expect(truncateWords(words(19))).toBe(`${words(18)}...`);
    expect(truncateWords(words(120))).toBe(`${words(18)}...`);
    expect(truncateWords(words(19)).split(" ")).toHaveLength(18);
  });

  it("counts words across newlines, tabs and repeated spaces, and collapses them", () => {
    const messy = `  one\ttwo\n\nthree   four ${words(20)}  `;
    const out = truncateWords(messy);
    expect(out.endsWith("...")).toBe(true);
    expect(out.replace(/\.\.\.$/, "").split(" ")).toHaveLength(18);
    expect(out.startsWith("one two three four word1")).toBe(true);
    expect(truncateWords("a\n b\t c")).toBe("a b c");
  });

  it("handles empty and whitespace-only text", () => {
    expect(truncateWords("")).toBe("");
    expect(truncateWords("   \n\t ")).toBe("");
  });

  it("treats punctuation as part of a word and never splits unicode words", () => {
    const text = "Café — naïve 日本語 emoji 🎙️ ok, " + words(20);
    const out = truncateWords(text);
    expect(out.startsWith("Café — naïve 日本語 emoji 🎙️ ok,")).toBe(true);
    expect(out.replace(/\.\.\.$/, "").split(" ")).toHaveLength(18);
  });

  it("accepts another limit", () => {
    expect(truncateWords("a b c d", 2)).toBe("a b...");
    expect(truncateWords("a b", 2)).toBe("a b");
  });
});

describe("docs/product.md §5 news card title and subtext: cut to 15 characters followed by an ellipsis", () => {
  it("uses the docs/product.md §9 limit of 15", () => {
    expect(NEWS_TEXT_CHAR_LIMIT).toBe(15);
  });

  it("keeps text of up to 15 characters whole", () => {
    expect(truncateChars("abcdefghijklmn")).toBe("abcdefghijklmn");
    expect(truncateChars("abcdefghijklmno")).toBe("abcdefghijklmno");
  });

  it("cuts at 15 characters and appends '...'", () => {
    expect(truncateChars("abcdefghijklmnop")).toBe("abcdefghijklmno...");
    expect(truncateChars("Bunker Chili Cook-Off Results")).toBe("Bunker Chili Co...");
  });

  it("trims surrounding whitespace before counting", () => {
    expect(truncateChars("   short   ")).toBe("short");
    expect(truncateChars("  abcdefghijklmno  ")).toBe("abcdefghijklmno");
  });

  it("does not leave a dangling space before the ellipsis", () => {
    // 14 letters, a space, then more: the cut lands right after the space.
    expect(truncateChars("abcdefghijklmn xyz")).toBe("abcdefghijklmn...");
  });

  it("handles empty and whitespace-only text", () => {
    expect(truncateChars("")).toBe("");
    expect(truncateChars("  \n ")).toBe("");
  });

  it("counts an emoji (surrogate pair) as one character and never splits it", () => {
    const text = "🎙️📻🎧".repeat(6); // 18 user-perceived characters
    const out = truncateChars(text);
    expect(out.endsWith("...")).toBe(true);
    expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/); // no lone high surrogate
    expect(truncateChars("📻".repeat(15))).toBe("📻".repeat(15));
    expect(truncateChars("📻".repeat(16))).toBe(`${"📻".repeat(15)}...`);
  });

  it("keeps ZWJ sequences and flags whole", () => {
    const family = "👨‍👩‍👧‍👦";
    expect(truncateChars(family.repeat(16))).toBe(`${family.repeat(15)}...`);
    const flag = "🇨🇦";
    expect(truncateChars(flag.repeat(15))).toBe(flag.repeat(15));
    expect(truncateChars(flag.repeat(20))).toBe(`${flag.repeat(15)}...`);
  });

  it("keeps a letter and its combining mark together", () => {
    const e = "e\u0301"; // é written as e + COMBINING ACUTE ACCENT
    expect(truncateChars(e.repeat(15))).toBe(e.repeat(15));
    expect(truncateChars(e.repeat(16))).toBe(`${e.repeat(15)}...`);
    expect(truncateChars(`abcdefghijklmn${e}zz`)).toBe(`abcdefghijklmn${e}...`);
  });

  it("handles right-to-left and CJK text", () => {
    expect(truncateChars("مرحبا بكم في البرنامج الإذاعي")).toBe("مرحبا بكم في ال...");
    expect(truncateChars("東京からの生放送です本日のゲストは誰")).toBe("東京からの生放送です本日のゲス...");
  });
});
