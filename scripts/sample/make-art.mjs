// Renders the raster art the bundled SVGs cannot serve (Node 20 + sharp, a dev dependency):
// - podcast/<path>.jpg: square 1400 px JPEG covers, what podcast directories accept for a channel
//   or an episode (JPEG or PNG, 1400-3000 px, square);
// - share/<path>.jpg: 1200 x 630 JPEG cards for link previews (og:image), the art whole on a
//   blurred, darkened copy of itself;
// - slider/<name>-<width>.avif and .webp: the home page's slides (its largest paint) at the widths
//   app/rules/artwork.ts offers in their srcset, from the JPEGs make-raster.mjs draws;
// - icons/*.png: the web app manifest's icons (192 and 512, and a maskable 512) and the Apple touch icon.
// <path> mirrors the SVG's path under public/media/img, which is how app/rules/artwork.ts finds them.
// Deterministic for one sharp version: same SVGs in, same files out.
import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const IMG = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "public", "media", "img");
const PODCAST = 1400;
// app/rules/artwork.ts SLIDE_WIDTHS (its test checks every file is here)
const SLIDE_WIDTHS = [640, 1200];
const SHARE = { width: 1200, height: 630 };
const svgsIn = (dir) =>
  readdirSync(join(IMG, dir))
    .filter((f) => f.endsWith(".svg"))
    .map((f) => `${dir}/${f}`);

/** The SVG rasterised at (at least) `width` px wide, sharp-edged text included. */
function render(rel, width) {
  const file = join(IMG, rel);
  const svgWidth = Number(/<svg[^>]*\swidth="(\d+)"/.exec(readFileSync(file, "utf8"))?.[1] ?? width);
  return sharp(file, { density: Math.ceil((72 * width) / svgWidth) });
}

const jpeg = (image, quality = 84) => image.flatten({ background: "#000000" }).jpeg({ quality, mozjpeg: true });
// The per-episode covers (cover.mjs): LED lettering on the 8 px grid of the 1400 px copy. There
// are a hundred of them, so they get a lower quality (only their one line of plain text shows
// it) and a share card that keeps the grid: the art at 700 px, cropped to the card's height
// through its empty margins, on a blur made by shrinking it to a few pixels.
const GRID_COVER = /^episodes\/(ep|cc)-\d{4}\.svg$/;
const GRID_QUALITY = 60;
const out = (rel) => {
  const file = join(IMG, rel);
  mkdirSync(dirname(file), { recursive: true });
  return file;
};
const written = [];
const done = (rel) => written.push([rel, statSync(join(IMG, rel)).size]);

async function podcastCover(rel) {
  const target = `podcast/${rel.replace(/\.svg$/, ".jpg")}`;
  const quality = GRID_COVER.test(rel) ? GRID_QUALITY : 84;
  await jpeg(render(rel, PODCAST).resize(PODCAST, PODCAST, { fit: "cover" }), quality).toFile(out(target));
  done(target);
}

async function gridShareCard(rel, target) {
  const art = await render(rel, PODCAST / 2).resize(PODCAST / 2, PODCAST / 2).png().toBuffer();
  const tiny = await sharp(art).resize(6, 3, { fit: "cover" }).png().toBuffer();
  const backdrop = await sharp(tiny).resize(SHARE.width, SHARE.height).modulate({ brightness: 0.55 }).toBuffer();
  // 32 px off the top and 248 px in: multiples of 8, so the art's grid is the card's
  const front = await sharp(art).extract({ left: 0, top: 32, width: PODCAST / 2, height: SHARE.height }).toBuffer();
  await jpeg(sharp(backdrop).composite([{ input: front, left: 248, top: 0 }]), GRID_QUALITY).toFile(out(target));
}

async function shareCard(rel) {
  const target = `share/${rel.replace(/\.svg$/, ".jpg")}`;
  if (GRID_COVER.test(rel)) {
    await gridShareCard(rel, target);
    return done(target);
  }
  const art = await render(rel, SHARE.width).png().toBuffer();
  const backdrop = await sharp(art)
    .resize(SHARE.width, SHARE.height, { fit: "cover" })
    .blur(40)
    .modulate({ brightness: 0.55 })
    .toBuffer();
  const front = await sharp(art).resize(SHARE.width, SHARE.height, { fit: "inside" }).toBuffer();
  await jpeg(sharp(backdrop).composite([{ input: front, gravity: "centre" }])).toFile(out(target));
  done(target);
}

async function icon(rel, size, name) {
  const target = `icons/${name}`;
  await render(rel, size)
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(out(target));
  done(target);
}

const covers = [
  "default-episode.svg",
  "coldcut.svg",
  ...svgsIn("episodes"),
  ...svgsIn("eras").filter((r) => r.endsWith("-square.svg")),
  // the crew's avatars, for the feeds' podcast:person
  ...svgsIn("crew").filter((r) => !r.endsWith("-header.svg")),
];
for (const rel of covers) await podcastCover(rel);
const shared = [
  "show-card.svg",
  "default-episode.svg",
  "coldcut.svg",
  ...svgsIn("episodes"),
  ...svgsIn("eras").filter((r) => !r.endsWith("-square.svg")),
  ...svgsIn("crew").filter((r) => r.endsWith("-header.svg")),
  ...svgsIn("news"),
];
for (const rel of shared) await shareCard(rel);
await icon("icons/icon.svg", 192, "icon-192.png");
await icon("icons/icon.svg", 512, "icon-512.png");
await icon("icons/icon-maskable.svg", 512, "icon-maskable-512.png");
await icon("icons/icon-maskable.svg", 180, "apple-touch-icon.png");

const slides = readdirSync(join(IMG, "slider")).filter((f) => /^[\w-]+\.jpg$/.test(f) && !/-\d+\.jpg$/.test(f));
for (const name of slides) {
  for (const width of SLIDE_WIDTHS) {
    const base = `slider/${name.replace(/\.jpg$/, "")}-${width}`;
    const image = () => sharp(join(IMG, "slider", name)).resize({ width });
    await image().avif({ quality: 50, effort: 6 }).toFile(out(`${base}.avif`));
    await image().webp({ quality: 72 }).toFile(out(`${base}.webp`));
    done(`${base}.avif`);
    done(`${base}.webp`);
  }
}

console.log(`wrote ${written.length} raster files, ${written.reduce((n, [, b]) => n + b, 0)} bytes`);
