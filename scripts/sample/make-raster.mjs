// Generates raster sample media: gallery JPEGs (+ medium sizes), slider banners and the gallery video.
// Needs ImageMagick 6 (`convert`) and ffmpeg. Deterministic: no randomness, fixed seeds.
import { execFileSync } from "node:child_process";
import { mkdirSync, statSync, rmSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { GALLERY } from "./data/content.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const MEDIA = join(ROOT, "public", "media");
// The gallery's media sit beside the sample catalog, not under public/: only confirmed adults get them.
const GAL = join(ROOT, "sample", "gallery-media");
const SLIDER = join(MEDIA, "img", "slider");
const VIDEO = join(MEDIA, "video");
for (const d of [GAL, SLIDER, VIDEO]) mkdirSync(d, { recursive: true });

const FONT = "DejaVu-Sans-Bold";
const FONT2 = "DejaVu-Sans";
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });

function motifDraw(motif, w, h) {
  const d = [];
  switch (motif) {
    case "bunting":
      for (let i = 0; i < 12; i++) {
        const x = (i * w) / 12;
        const cols = ["#ffd166", "#ef476f", "#06d6a0", "#118ab2"];
        d.push("-fill", cols[i % 4], "-draw", `polygon ${x},40 ${x + w / 12},40 ${x + w / 24},${95 + (i % 2) * 10}`);
      }
      d.push("-stroke", "#ffffff", "-strokewidth", "3", "-draw", `line 0,40 ${w},40`, "-stroke", "none");
      break;
    case "balloons":
      [[120, 140, "#ef476f"], [220, 110, "#ffd166"], [w - 160, 130, "#06d6a0"], [w - 260, 170, "#118ab2"], [w - 90, 200, "#f78c6b"]].forEach(([x, y, c]) => {
        d.push("-stroke", "#ffffff", "-strokewidth", "2", "-draw", `line ${x},${y + 45} ${x - 10},${y + 160}`, "-stroke", "none");
        d.push("-fill", c, "-draw", `ellipse ${x},${y} 36,46 0,360`);
      });
      break;
    case "stars":
      for (let i = 0; i < 14; i++) {
        const x = 40 + ((i * 157) % (w - 80)), y = 30 + ((i * 89) % 150), r = 5 + (i % 4) * 3;
        d.push("-fill", i % 3 ? "#fff3b0" : "#ffffff", "-draw", `circle ${x},${y} ${x + r},${y}`);
      }
      break;
    case "sun":
      d.push("-fill", "#fff3b0", "-draw", `circle ${w - 150},130 ${w - 80},130`);
      for (let i = 0; i < 12; i++) {
        const a = (i * Math.PI) / 6, cx = w - 150, cy = 130;
        d.push("-stroke", "#fff3b0", "-strokewidth", "8", "-draw", `line ${Math.round(cx + 88 * Math.cos(a))},${Math.round(cy + 88 * Math.sin(a))} ${Math.round(cx + 118 * Math.cos(a))},${Math.round(cy + 118 * Math.sin(a))}`, "-stroke", "none");
      }
      break;
    case "bars":
      {
        const wide = w > 800, n = wide ? 10 : 16, x0 = wide ? w - 480 : 60, base = wide ? h - 20 : h - 180;
        for (let i = 0; i < n; i++) {
          const bh = 30 + ((i * 53) % 140);
          d.push("-fill", i % 2 ? "#ffffff" : "#ffd166", "-draw", `rectangle ${x0 + i * 44},${base - bh} ${x0 + 30 + i * 44},${base}`);
        }
      }
      break;
    case "shirt": {
      const o = w - 800, pts = [[520,120],[580,100],[640,100],[700,120],[750,190],[710,215],[690,190],[690,360],[530,360],[530,190],[510,215],[470,190]];
      d.push("-fill", "#f2e9e4", "-draw", "polygon " + pts.map(([x, y]) => `${x + o},${y}`).join(" "));
      d.push("-fill", "#22223b", "-font", FONT, "-pointsize", "26", "-draw", `text ${572 + o},250 'WHY?'`);
    }
      break;
    case "mug":
      {
        const x = w - 250, y = w > 800 ? 110 : 120;
        d.push("-fill", "#fefae0", "-draw", `roundrectangle ${x},${y} ${x + 150},${y + 190} 18,18`);
        d.push("-fill", "none", "-stroke", "#fefae0", "-strokewidth", "18", "-draw", `ellipse ${x + 160},${y + 95} 42,52 -90,90`, "-stroke", "none");
        d.push("-fill", "#5f0f40", "-font", FONT, "-pointsize", "24", "-draw", `text ${x + 44},${y + 105} 'HAM'`);
      }
      break;
    case "table":
      d.push("-fill", "#ddbea9", "-draw", `rectangle 120,230 ${w - 120},250`);
      d.push("-stroke", "#ddbea9", "-strokewidth", "10", "-draw", `line 160,250 220,350`, "-draw", `line ${w - 160},250 ${w - 220},350`, "-stroke", "none");
      d.push("-fill", "#1b1b1b", "-draw", `roundrectangle 200,160 240,230 12,12`, "-draw", `roundrectangle ${w - 240},160 ${w - 200},230 12,12`);
      break;
    case "snow":
      for (let i = 0; i < 30; i++) {
        const x = 20 + ((i * 113) % (w - 40)), y = 20 + ((i * 71) % (h - 40)), r = 3 + (i % 3) * 2;
        d.push("-fill", "#ffffff", "-draw", `circle ${x},${y} ${x + r},${y}`);
      }
      break;
    case "antenna":
      {
        const x = w - 150;
        d.push("-stroke", "#f8f9fa", "-strokewidth", "8", "-draw", `line ${x},${h - 40} ${x},90`);
        for (let i = 0; i < 5; i++) d.push("-draw", `line ${x - 70 + i * 6},${110 + i * 40} ${x + 70 - i * 6},${110 + i * 40}`);
        d.push("-stroke", "none", "-fill", "#ef476f", "-draw", `circle ${x},80 ${x + 12},80`);
        d.push("-fill", "none", "-stroke", "#ffffff", "-strokewidth", "3", "-draw", `arc ${x - 60},20 ${x + 60},140 200,340`, "-draw", `arc ${x - 100},-20 ${x + 100},180 210,330`, "-stroke", "none");
      }
      break;
  }
  return d;
}

function makeGalleryImage([name, label, sub, c1, c2, motif], withMedium) {
  const w = 800, h = 533;
  const out = join(GAL, `${name}.jpg`);
  run("convert", [
    "-size", `${w}x${h}`, `gradient:${c1}-${c2}`,
    ...motifDraw(motif, w, h),
    "-fill", "#00000077", "-draw", `roundrectangle 30,${h - 150} ${Math.round(Math.max(label.length * 24.5, sub.length * 14.5)) + 80},${h - 40} 18,18`,
    "-fill", "#ffffff", "-font", FONT, "-pointsize", "38", "-draw", `text 52,${h - 98} '${label.replace(/'/g, "")}'`,
    "-font", FONT2, "-pointsize", "24", "-draw", `text 54,${h - 60} '${sub.replace(/'/g, "")}'`,
    "-fill", "#ffffffbb", "-font", FONT2, "-pointsize", "15", "-gravity", "SouthEast", "-annotate", "+14+12", "The Ham Radio Show / SpankBank", "-gravity", "NorthWest",
    "-strip", "-interlace", "JPEG", "-sampling-factor", "4:2:0", "-quality", "70", out,
  ]);
  if (withMedium) run("convert", [out, "-resize", "400x", "-strip", "-quality", "70", join(GAL, `${name}-medium.jpg`)]);
}

for (const post of GALLERY) post.images.forEach((img, i) => makeGalleryImage(img, i === 0));

const SLIDES = [
  ["slider-bunker-tour", "Take the Bunker Tour", "The fish. The tiles. The closet nobody opens.", "#0d1b2a", "#415a77", "antenna"],
  ["slider-listen-live", "Live Every Friday Night", "From the bunker to your headphones", "#3c096c", "#ff6d00", "bars"],
  ["slider-merch", "Hoodies, Mugs & Stickers", "Every order keeps the bunker lights on", "#5f0f40", "#fb8b24", "mug"],
  ["slider-fifteen-years", "15 Years of Because We Can", "2010 - 2025: GOOM Radio / MLR / PPR / UFRN", "#03045e", "#00b4d8", "bunting"],
];
for (const [name, label, sub, c1, c2, motif] of SLIDES) {
  const w = 1200, h = 400;
  run("convert", [
    "-size", `${w}x${h}`, `gradient:${c1}-${c2}`, "-rotate", "-90", "-resize", `${w}x${h}!`,
    ...motifDraw(motif, w, h),
    "-fill", "#ffffff", "-font", FONT, "-pointsize", "54", "-draw", `text 70,190 '${label.replace(/'/g, "")}'`,
    "-font", FONT2, "-pointsize", "30", "-draw", `text 74,250 '${sub.replace(/'/g, "")}'`,
    "-fill", "#ffd166", "-draw", "rectangle 70,280 330,288",
    "-strip", "-interlace", "JPEG", "-quality", "72", join(SLIDER, `${name}.jpg`),
  ]);
}

// Gallery video: 6 s, 480x270, H.264, no audio. The 18+ gallery's own: it lives only with the
// gallery's media, served behind its gate, never under public/.
const vid = join(GAL, "bunker-bash-cam.mp4");
if (existsSync(vid)) rmSync(vid);
run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=480x270:rate=15:duration=6",
  "-f", "lavfi", "-i", "color=c=0x1b1f3b:size=480x60:rate=15:duration=6",
  "-filter_complex", "[0:v]hue=s=0.5[bg];[bg][1:v]overlay=0:210,drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:text='Bunker Bash Cam':fontcolor=white:fontsize=26:x=20:y=224,format=yuv420p",
  "-c:v", "libx264", "-preset", "veryslow", "-crf", "32", "-movflags", "+faststart", "-an", "-fflags", "+bitexact", "-map_metadata", "-1", vid]);

// The About page's public clip: the bunker-tour slide with the first seconds of an episode, 5 s.
const about = join(VIDEO, "about-the-bunker.mp4");
if (existsSync(about)) rmSync(about);
run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-loop", "1", "-framerate", "5", "-i", join(SLIDER, "slider-bunker-tour.jpg"),
  "-i", join(MEDIA, "audio", "ep-audio-1.mp3"), "-t", "5",
  "-vf", "scale=640:-2:flags=lanczos,crop=640:212,pad=640:360:0:74:color=0x0d1b2a,format=yuv420p",
  "-c:v", "libx264", "-preset", "veryslow", "-crf", "30", "-tune", "stillimage", "-c:a", "aac", "-b:a", "48k", "-ac", "1",
  "-movflags", "+faststart", "-fflags", "+bitexact", "-map_metadata", "-1", "-shortest", about]);

for (const f of [vid, about]) console.log(f, statSync(f).size, "bytes");
