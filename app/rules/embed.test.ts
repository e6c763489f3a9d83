import { describe, expect, it } from "vitest";
import { embedIframe, embedLink, embedSize, episodeOfPageUrl } from "./embed";

const SITE = "https://listen.example.com";

describe("the embeddable player", () => {
  it("reads the episode off this site's episode pages only", () => {
    expect(episodeOfPageUrl(`${SITE}/episode?title=Pilot%20Light`, SITE)).toEqual({
      title: "Pilot Light",
      coldcut: false,
    });
    expect(episodeOfPageUrl(`${SITE}/coldcut/?title=The%20Modem%20Song&t=5`, SITE)).toEqual({
      title: "The Modem Song",
      coldcut: true,
    });
    for (const url of [
      `https://evil.example/episode?title=Pilot%20Light`,
      `http://listen.example.com/episode?title=Pilot%20Light`,
      `${SITE}/episode`,
      `${SITE}/episode?title=%20`,
      `${SITE}/era?station=MLR`,
      `${SITE}/episodes?title=x`,
      "javascript:alert(1)",
      "",
    ])
      expect(episodeOfPageUrl(url, SITE), url).toBeNull();
  });

  it("fits the frame to the size asked, never below a usable player", () => {
    expect(embedSize(null, null)).toEqual({ width: 600, height: 170 });
    expect(embedSize(400, 1000)).toEqual({ width: 400, height: 170 });
    expect(embedSize(10, 10)).toEqual({ width: 200, height: 120 });
  });

  it("gives a titled frame whose attributes cannot be broken out of", () => {
    const html = embedIframe(`${SITE}${embedLink('"><script>x</script>')}`, `A "quoted" <b> & 'title'`, {
      width: 600,
      height: 170,
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain(`title="A &quot;quoted&quot; &lt;b&gt; &amp; &#39;title&#39; — The Ham Radio Show"`);
    expect(html).toMatch(
      /^<iframe src="https:\/\/listen\.example\.com\/embed\/episode\?title=%22%3E%3Cscript%3Ex%3C%2Fscript%3E"/,
    );
  });
});
