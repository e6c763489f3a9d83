import { describe, expect, it } from "vitest";
import { decodeEntities, stripTags } from "./html-text.server";

describe("decodeEntities / stripTags (WordPress rendered titles, slider captions)", () => {
  it("decodes named, decimal and hex entities", () => {
    expect(decodeEntities("Tom &amp; Jerry&#8217;s &#x2014; &quot;hi&quot; &hellip;")).toBe('Tom & Jerry’s — "hi" …');
    expect(decodeEntities("&lt;b&gt;")).toBe("<b>");
  });

  it("leaves unknown entities alone and replaces invalid code points, as browsers do", () => {
    expect(decodeEntities("&bogus; &#0; &#x110000; &#99999999;")).toBe("&bogus; \ufffd \ufffd \ufffd");
  });

  it("strips tags and collapses whitespace", () => {
    expect(stripTags("<p>Hello <strong>bunker</strong></p>\n<p>crew &amp; friends</p>")).toBe(
      "Hello bunker crew & friends",
    );
    expect(stripTags("")).toBe("");
  });

  it("does not turn an encoded tag back into markup that survives as a tag", () => {
    // stripTags runs before decoding, so the decoded text is plain text (React escapes it).
    expect(stripTags("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("<script>alert(1)</script>");
  });
});
