/**
 * A private copy of the built server whose whole catalog and content carry the XSS corpus
 * (tests/fixtures/xss-payloads.txt): a sample directory built from sample/*.json plus hostile
 * episodes, Cold Cut episodes, crew, news, slider and gallery posts. The embedded pass seeds its
 * own database from it (SAMPLE_DIR); in the remote project the Supabase and WordPress adapters read
 * it from a private copy of the remote-services fake instead (the production code path). Its own
 * process, DATA_DIR and ports (the project's server port + 5, fake on + 6), so no cache of the shared e2e server
 * is involved.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startAppServer, type AppServer } from "./app-server";

export const XSS_PAYLOADS: string[] = fs
  .readFileSync(path.resolve("tests/fixtures/xss-payloads.txt"), "utf8")
  .split("\n")
  .filter((line) => line !== "" && !line.startsWith("# "));

/**
 * Closes every raw-text element a payload may leave open, so the next payload starts in normal
 * markup (each payload reaches the sanitizer on its own); unmatched end tags are dropped.
 */
const RESET = "</script></style></textarea></title></xmp></noscript></iframe></noembed></noframes></template>";
export const separator = (i: number) => `xss-sep-${i}`;
/** Every payload, each followed by its separator paragraph (the HTML sinks: post bodies). */
export const ALL_HTML = XSS_PAYLOADS.map((p, i) => `${p}${RESET}<p>${separator(i)}</p>`).join("\n");
/** Every payload as text, one per line (the plain-text sinks: descriptions, bios). */
export const ALL_TEXT = XSS_PAYLOADS.join("\n");
/** Every payload as text on one line (titles: news, gallery, crew picks). */
export const ALL_INLINE = XSS_PAYLOADS.join(" ");

/** Hostile link targets for the slider (acf.sliderurl): one slide each. */
export const HOSTILE_URLS = [
  "javascript:alert(1)",
  " JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  'https://www.hamradioshow.net/x"><script>alert(1)</script>',
  "//xss.example/",
];

export const EPISODE_ALL = "XSS probe all";
export const COLDCUT_ALL = "XSS cold cut all";
export const CREW_ALL = "XSS Crew";
export const probeTitle = (i: number) =>
  `XSS probe ${String(i).padStart(2, "0")} ${XSS_PAYLOADS[i]!.replace(/\t/g, " ")}`.slice(0, 290);
/** The slides' captions (post titles) share the payloads out between them. */
export const SLIDES = HOSTILE_URLS.map((url, s) => ({
  url,
  title: `XSS slide ${s} ${XSS_PAYLOADS.filter((_, i) => i % HOSTILE_URLS.length === s).join(" ")}`,
}));
export const NEWS = { slug: "xss-news", title: `XSS news ${ALL_INLINE}` };
export const WTF = { slug: "xss-wtf", title: `XSS wtf ${ALL_INLINE}` };
export const SPNKBNK = { slug: "xss-spnkbnk", title: `XSS spnkbnk ${ALL_INLINE}` };
export const GALLERY = {
  id: 9500,
  slug: "xss-gallery",
  title: `XSS gallery ${ALL_INLINE}`,
  photoAlt: "XSS gallery photo",
};

const read = (name: string) =>
  JSON.parse(fs.readFileSync(path.resolve("sample", name), "utf8")) as Record<string, unknown>[];
const future = (minutes: number) =>
  new Date(Date.UTC(2099, 0, 1, 12, 0) - minutes * 60_000).toISOString().replace(/\.\d+Z$/, "");

/** Writes the hostile sample directory; returns its path. */
export function writeHostileSample(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-xss-sample-"));
  const write = (name: string, rows: unknown[]) =>
    fs.writeFileSync(path.join(dir, name), JSON.stringify(rows, null, 1));

  const episodes = read("episodes.json");
  const episode = (id: number, title: string, description: string, minutes: number) => ({
    id,
    objectID: `xss-${id}`,
    title,
    description,
    subtext: description.slice(0, 200),
    EpisodeUrl: "/media/audio/ep-audio-1.mp3",
    PodcastImage: "/media/img/episodes/goom-radio-1.svg",
    backgroundImage: "/media/img/bg/goom-radio.svg",
    pubdate: `${future(minutes)}Z`,
    canbashow: false,
    era: "UFRN",
    EpisodeDuration: 38,
  });
  write("episodes.json", [
    // Hostile URL fields: the audio link (Download, noscript player) and the images.
    {
      ...episode(8999, "XSS url probe", "javascript: audio link", -2),
      EpisodeUrl: "javascript:alert(1)",
      PodcastImage: "javascript:alert(1)",
      backgroundImage: "javascript:alert(1)",
    },
    {
      ...episode(8998, "XSS url probe images", "data: images", -1),
      PodcastImage: " JaVaScRiPt:alert(1)",
      backgroundImage: "data:text/html,<script>alert(1)</script>",
    },
    episode(9000, EPISODE_ALL, ALL_TEXT, 0),
    ...XSS_PAYLOADS.map((p, i) => episode(9001 + i, probeTitle(i), p, i + 1)),
    ...episodes,
  ]);
  write("coldcut.json", [{ ...episode(9900, COLDCUT_ALL, ALL_TEXT, 0), era: null }, ...read("coldcut.json")]);

  const crew = read("crew.json");
  const dpb = Object.fromEntries(XSS_PAYLOADS.map((p, i) => [`${i} ${p}`, i % 2 ? "DEAD" : p]));
  write("crew.json", [
    ...crew,
    {
      id: 900,
      Name: CREW_ALL,
      Job: XSS_PAYLOADS.slice(0, 5).join(" "),
      ProfileImg: "/media/img/crew/captain-static.svg",
      HeaderBGImage: "/media/img/crew/captain-static-header.svg",
      Bio: ALL_TEXT,
      DPB: dpb,
    },
    {
      id: 899,
      Name: "XSS url crew",
      Job: "hostile images",
      ProfileImg: "javascript:alert(1)",
      HeaderBGImage: "javascript:alert(1)",
      Bio: "x",
      DPB: null,
    },
    ...XSS_PAYLOADS.flatMap((p, i) =>
      p.length <= 90
        ? [
            {
              id: 901 + i,
              Name: `XSS ${i} ${p}`.trim(),
              Job: p,
              ProfileImg: "/media/img/crew/captain-static.svg",
              HeaderBGImage: "",
              Bio: p,
              DPB: null,
            },
          ]
        : [],
    ),
  ]);

  const post = (
    id: number,
    slug: string,
    categories: number[],
    title: string,
    html: string,
    minutes: number,
    extra: object = {},
  ) => ({
    id,
    slug,
    date: future(minutes),
    categories,
    title: { rendered: title },
    content: { rendered: html },
    excerpt: { rendered: html },
    ...extra,
  });
  const image = "/media/img/slider/slider-fifteen-years.jpg";
  write("posts.json", [
    post(9100, NEWS.slug, [5], NEWS.title, ALL_HTML, 0, { featured_media_src_url: image }),
    post(9101, "xss-news-image", [5], "XSS news image", "<p>x</p>", 1, {
      featured_media_src_url: "javascript:alert(1)",
    }),
    post(9200, WTF.slug, [4], WTF.title, ALL_HTML, 0),
    post(9300, SPNKBNK.slug, [6], SPNKBNK.title, ALL_HTML, 0, {
      featured_media_src_url: "/media/img/news/spnkbnk-party.svg",
    }),
    ...SLIDES.map((slide, s) =>
      post(9400 + s, `xss-slide-${s}`, [7], slide.title, ALL_HTML, s, {
        featured_media_src_url: image,
        acf: { sliderurl: slide.url },
      }),
    ),
    ...read("posts.json"),
  ]);
  // The gallery's media come along (the embedded gallery serves them from beside its catalog).
  fs.cpSync(path.resolve("sample", "gallery-media"), path.join(dir, "gallery-media"), { recursive: true });
  const photo = `<figure><img src="/SpankBank/media/antenna-day-1.jpg" alt="${GALLERY.photoAlt}" width="800" height="533"></figure>`;
  write("gallery.json", [
    post(GALLERY.id, GALLERY.slug, [23], GALLERY.title, `${photo}\n${ALL_HTML}`, 0, {
      better_featured_image: { source_url: "/SpankBank/media/antenna-day-1.jpg" },
    }),
    ...read("gallery.json"),
  ]);
  // Only hostile sponsors: whichever the banner picks is one of them.
  const sponsor = (id: number, Name: string, SponsorLogo: string, SPNSRLink: string) => ({
    id,
    Name,
    SponsorLogo,
    SPNSRLink,
    SponsorStyle: {
      BGColor: "red;background:url(javascript:alert(1))",
      BannerBG: "url(javascript:alert(1))",
      BannerTextColor: "expression(alert(1))",
    },
  });
  write("sponsors.json", [
    sponsor(900, XSS_PAYLOADS[0]!, "/media/img/sponsors/bunker-brew.svg", "https://example.com/sponsor"),
    sponsor(901, "XSS sponsor link", "/media/img/sponsors/bunker-brew.svg", "javascript:alert(1)"),
    sponsor(
      902,
      "XSS sponsor data",
      "/media/img/sponsors/bunker-brew.svg",
      " data:text/html,<script>alert(1)</script>",
    ),
    sponsor(903, "XSS sponsor logo", "javascript:alert(1)", "https://example.com/sponsor"),
  ]);
  return dir;
}

export interface HostileSite {
  origin: string;
  stop(): Promise<void>;
}

/** Starts the built server (and, for the remote project, the remote-services fake) on the hostile data. */
export async function startHostileSite(port: number, viaRemote: boolean): Promise<HostileSite> {
  const sampleDir = writeHostileSample();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hrs-xss-data-"));
  let remote: { env: Record<string, string>; close(): Promise<unknown> } | null = null;
  if (viaRemote) {
    const { startRemoteServices } = (await import("../../../scripts/fakes/remote-services.mjs")) as {
      startRemoteServices(o: {
        port: number;
        sampleDir: string;
      }): Promise<{ env: Record<string, string>; close(): Promise<unknown> }>;
    };
    remote = await startRemoteServices({ port: port + 1, sampleDir });
  }
  const origin = `http://127.0.0.1:${port}`;
  const cleanup = () => {
    void remote?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(sampleDir, { recursive: true, force: true });
  };
  let server: AppServer;
  try {
    server = await startAppServer(
      {
        PORT: String(port),
        SAMPLE_DIR: sampleDir,
        LIVE_STREAM_URL: `${origin}/media/audio/ep-audio-1.mp3`,
        NOW_PLAYING_KIND: "none",
        CATALOG_SOURCE: "embedded",
        CONTENT_SOURCE: "embedded",
        GALLERY_SOURCE: "embedded",
        ACCOUNTS_SOURCE: "embedded",
        ...(remote ? remote.env : {}),
      },
      "xss",
      { dataDir },
    );
  } catch (error) {
    cleanup();
    throw error;
  }
  return {
    origin: server.origin,
    async stop() {
      await server.stop();
      cleanup();
    },
  };
}
