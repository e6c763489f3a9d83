// Generates all hand-designed SVG artwork for the sample catalog under public/media/img/.
// Plain, self-contained SVG: width/height + viewBox, a <title>, no scripts, no external references.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { CREW, SPONSORS, POSTS } from "./data/content.mjs";
import { coverBody } from "./cover.mjs";
import { episodeList } from "./episode-list.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const IMG = join(ROOT, "public", "media", "img");
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const FONT = `font-family="'Arial Black',Impact,'DejaVu Sans',sans-serif" font-weight="900"`;
const FONT2 = `font-family="Arial,'DejaVu Sans',sans-serif"`;
const written = [];

function svg(rel, w, h, title, body) {
  const out = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img">
<title>${esc(title)}</title>
${body.trim()}
</svg>
`;
  const file = join(IMG, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, out);
  written.push([rel, Buffer.byteLength(out)]);
}

const waves = (cx, cy, color, n = 4, step = 40, sw = 10, op = 1) =>
  Array.from({ length: n }, (_, i) => `<circle cx="${cx}" cy="${cy}" r="${(i + 1) * step}" fill="none" stroke="${color}" stroke-width="${sw}" opacity="${(op * (n - i)) / n}"/>`).join("");

// ---------------------------------------------------------------- logo + fallback
const logoMark = (x, y, s, c1, c2) => `<g transform="translate(${x} ${y}) scale(${s})">
<rect x="-14" y="-40" width="28" height="56" rx="14" fill="${c1}"/>
<path d="M-26 0a26 26 0 0 0 52 0" fill="none" stroke="${c1}" stroke-width="6"/>
<path d="M0 26v18M-16 44h32" stroke="${c1}" stroke-width="6" stroke-linecap="round"/>
<path d="M-44-26a52 52 0 0 0 0 52M44-26a52 52 0 0 1 0 52" fill="none" stroke="${c2}" stroke-width="6" stroke-linecap="round"/>
<path d="M-60-40a76 76 0 0 0 0 80M60-40a76 76 0 0 1 0 80" fill="none" stroke="${c2}" stroke-width="6" stroke-linecap="round" opacity=".6"/>
</g>`;

svg("logo.svg", 480, 120, "The Ham Radio Show logo", `
${logoMark(66, 60, 0.9, "#ffffff", "#f5a623")}
<text x="138" y="56" ${FONT} font-size="40" fill="#ffffff" letter-spacing="1">THE HAM</text>
<text x="138" y="98" ${FONT} font-size="34" fill="#f5a623" letter-spacing="2">RADIO SHOW</text>`);
// the same on a light header (the light colour scheme)
svg("logo-light.svg", 480, 120, "The Ham Radio Show logo", `
${logoMark(66, 60, 0.9, "#15151b", "#c25e00")}
<text x="138" y="56" ${FONT} font-size="40" fill="#15151b" letter-spacing="1">THE HAM</text>
<text x="138" y="98" ${FONT} font-size="34" fill="#c25e00" letter-spacing="2">RADIO SHOW</text>`);

svg("default-episode.svg", 600, 600, "The Ham Radio Show - default episode artwork", `
<rect width="600" height="600" fill="#1b1f3b"/>
${waves(300, 250, "#f5a623", 5, 42, 8, 0.5)}
${logoMark(300, 250, 1.6, "#ffffff", "#f5a623")}
<text x="300" y="470" text-anchor="middle" ${FONT} font-size="46" fill="#ffffff">THE HAM RADIO SHOW</text>
<text x="300" y="520" text-anchor="middle" ${FONT2} font-size="26" fill="#f5a623" font-style="italic">Why? Because We Can!</text>`);

// ---------------------------------------------------------------- eras
// The years are the era captions' (app/rules/eras.ts), character for character: the art and the
// caption under it must agree (tests/unit/artwork.test.ts checks).
const ERA_STYLE = {
  "goom-radio": { name: "GOOM Radio", years: "2010–2013", bg: "#3d1f0b", a: "#f2994a", b: "#f2c94c", c: "#fff3e0" },
  mlr: { name: "MLR", years: "2013–2017", bg: "#0b2e3d", a: "#2ec4b6", b: "#cbf3f0", c: "#ffffff" },
  ppr: { name: "PPR", years: "2017–2021", bg: "#2a0f3d", a: "#b185db", b: "#ffd6ff", c: "#ffffff" },
  ufrn: { name: "UFRN", years: "2021–today", bg: "#07140c", a: "#39ff88", b: "#a7ffcf", c: "#eafff2" },
  edgefm: { name: "EdgeFM", years: "Sister station", bg: "#14142b", a: "#ff4d6d", b: "#ffb3c1", c: "#ffffff" },
};

function eraPattern(slug, w, h, s) {
  switch (slug) {
    case "goom-radio": return waves(w * 0.78, h * 0.5, s.a, 6, h / 9, 10, 0.7);
    case "mlr": return Array.from({ length: 9 }, (_, i) => `<rect x="${w * 0.55 + i * w * 0.045}" y="${h * (0.75 - ((i * 37) % 50) / 100)}" width="${w * 0.03}" height="${h * (0.25 + ((i * 37) % 50) / 100)}" fill="${i % 2 ? s.a : s.b}" opacity=".8"/>`).join("");
    case "ppr": return Array.from({ length: 8 }, (_, i) => `<rect x="${w * 0.5 + i * w * 0.065}" y="0" width="${w * 0.032}" height="${h}" fill="${s.a}" opacity="${0.25 + (i % 3) * 0.2}"/>`).join("");
    case "ufrn": return Array.from({ length: 7 }, (_, i) => `<path d="M${w * 0.5} ${h * (0.15 + i * 0.12)}H${w}M${w * (0.55 + i * 0.07)} 0V${h}" stroke="${s.a}" stroke-width="2" opacity=".45"/>`).join("") + `<circle cx="${w * 0.8}" cy="${h * 0.5}" r="${h * 0.18}" fill="none" stroke="${s.a}" stroke-width="6"/>`;
    default: return `<path d="M${w * 0.5} ${h * 0.8}L${w * 0.62} ${h * 0.2}L${w * 0.74} ${h * 0.8}L${w * 0.86} ${h * 0.2}L${w * 0.98} ${h * 0.8}" fill="none" stroke="${s.a}" stroke-width="12" stroke-linejoin="round"/>`;
  }
}

for (const [slug, s] of Object.entries(ERA_STYLE)) {
  svg(`eras/${slug}.svg`, 600, 400, `${s.name} era card`, `
<rect width="600" height="400" fill="${s.bg}"/>
${eraPattern(slug, 600, 400, s)}
<text x="40" y="200" ${FONT} font-size="${s.name.length > 5 ? 64 : 84}" fill="${s.c}">${esc(s.name)}</text>
<text x="44" y="250" ${FONT2} font-size="26" fill="${s.a}">${esc(s.years)}</text>
<text x="44" y="360" ${FONT2} font-size="18" fill="${s.b}" letter-spacing="3">THE HAM RADIO SHOW</text>`);
  if (slug === "edgefm") continue;
  svg(`bg/${slug}.svg`, 1600, 600, `${s.name} era background`, `
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${s.bg}"/><stop offset="1" stop-color="${s.a}" stop-opacity=".55"/></linearGradient></defs>
<rect width="1600" height="600" fill="${s.bg}"/>
<rect width="1600" height="600" fill="url(#g)"/>
${eraPattern(slug, 1600, 600, s)}
<text x="80" y="540" ${FONT} font-size="140" fill="${s.c}" opacity=".12">${esc(s.name.toUpperCase())}</text>`);
  // the era feed's podcast cover: square, like every directory wants it
  svg(`eras/${slug}-square.svg`, 600, 600, `The Ham Radio Show - ${s.name} (${s.years})`, `
<rect width="600" height="600" fill="${s.bg}"/>
<g transform="translate(60 100)">${eraPattern(slug, 600, 400, s)}</g>
${logoMark(110, 110, 0.8, s.c, s.a)}
<text x="40" y="330" ${FONT} font-size="${s.name.length > 5 ? 66 : 104}" fill="${s.c}">${esc(s.name)}</text>
<text x="44" y="390" ${FONT2} font-size="34" fill="${s.a}">${esc(s.years)}</text>
<text x="44" y="550" ${FONT2} font-weight="700" font-size="26" fill="${s.b}" letter-spacing="4">THE HAM RADIO SHOW</text>`);
  // two square covers per era
  for (const v of [1, 2]) {
    const flip = v === 2;
    svg(`episodes/${slug}-${v}.svg`, 600, 600, `The Ham Radio Show - ${s.name} cover ${v}`, `
<rect width="600" height="600" fill="${flip ? s.a : s.bg}"/>
${flip ? waves(300, 600, s.bg, 5, 70, 14, 0.35) : `<g transform="translate(110 0)">${eraPattern(slug, 600, 600, s)}</g>`}
${logoMark(flip ? 300 : 130, flip ? 170 : 140, 1.2, flip ? s.bg : s.c, flip ? "#ffffff" : s.a)}
<text x="${flip ? 300 : 50}" y="${flip ? 360 : 380}" ${flip ? 'text-anchor="middle" ' : ""}${FONT} font-size="46" fill="${flip ? s.bg : s.c}">THE HAM</text>
<text x="${flip ? 300 : 50}" y="${flip ? 420 : 440}" ${flip ? 'text-anchor="middle" ' : ""}${FONT} font-size="46" fill="${flip ? s.bg : s.c}">RADIO SHOW</text>
<rect x="${flip ? 150 : 50}" y="${flip ? 460 : 480}" width="300" height="56" rx="28" fill="${flip ? s.bg : s.a}"/>
<text x="${flip ? 300 : 200}" y="${flip ? 498 : 518}" text-anchor="middle" ${FONT2} font-weight="700" font-size="26" fill="${flip ? s.a : s.bg}">${esc(s.name)}</text>`);
  }
}

// ---------------------------------------------------------------- one cover per episode
// Named by the episode's objectID. Dark grounds only: light ones cost half as much again as JPEG.
const COLD_CUT_STYLE = { bg: "#023047", a: "#ffb3c1", b: "#8ecae6", c: "#ffffff" };
for (const e of episodeList()) {
  const s = e.series === "coldcut" ? COLD_CUT_STYLE : ERA_STYLE[e.era.slug];
  const big = e.series === "coldcut" ? "COLD CUT" : e.plain ? "SPECIAL" : `#${e.number}`;
  const colors = e.i % 2 ? [s.bg, s.b, s.c, s.a] : [s.bg, s.a, s.c, s.b];
  svg(`episodes/${e.objectID}.svg`, 600, 600, `The Ham Radio Show - ${e.title}`, coverBody({ colors, era: e.era.era, big, title: e.name, seed: e.id }));
}

// ---------------------------------------------------------------- Cold Cut, share card, app icons
svg("coldcut.svg", 600, 600, "Cold Cut - short cuts from The Ham Radio Show archive", `
<rect width="600" height="600" fill="#023047"/>
${waves(430, 300, "#8ecae6", 5, 46, 8, 0.45)}
<circle cx="430" cy="300" r="120" fill="#ffb3c1"/><circle cx="430" cy="300" r="95" fill="#ff8fa3"/>
<circle cx="400" cy="270" r="14" fill="#fff"/><circle cx="465" cy="330" r="12" fill="#fff"/><circle cx="450" cy="250" r="9" fill="#fff"/>
<text x="40" y="130" ${FONT} font-size="84" fill="#ffffff">COLD</text>
<text x="40" y="220" ${FONT} font-size="84" fill="#ffffff">CUT</text>
<text x="44" y="500" ${FONT2} font-size="30" fill="#8ecae6">Short cuts from the archive</text>
<text x="44" y="550" ${FONT2} font-weight="700" font-size="26" fill="#ffb3c1" letter-spacing="4">THE HAM RADIO SHOW</text>`);

svg("show-card.svg", 1200, 630, "The Ham Radio Show - The Most Dangerous Radio Today", `
<rect width="1200" height="630" fill="#1b1f3b"/>
${waves(960, 315, "#f5a623", 6, 60, 8, 0.45)}
${logoMark(960, 315, 2.2, "#ffffff", "#f5a623")}
<text x="70" y="250" ${FONT} font-size="78" fill="#ffffff">THE HAM</text>
<text x="70" y="340" ${FONT} font-size="78" fill="#f5a623">RADIO SHOW</text>
<text x="74" y="420" ${FONT2} font-size="34" fill="#ffffff">The Most Dangerous Radio Today</text>
<text x="74" y="470" ${FONT2} font-size="28" fill="#c9cbe0">Live radio and 15+ years of episodes</text>`);

// App icons: "any" on a rounded tile; "maskable" full-bleed with the mark inside the central
// safe circle (40% radius), which launchers crop to any shape.
svg("icons/icon.svg", 512, 512, "The Ham Radio Show", `
<rect width="512" height="512" rx="112" fill="#0d0d10"/>
${logoMark(256, 244, 3.3, "#ffffff", "#f5a623")}`);
svg("icons/icon-maskable.svg", 512, 512, "The Ham Radio Show", `
<rect width="512" height="512" fill="#0d0d10"/>
${logoMark(256, 250, 2.3, "#ffffff", "#f5a623")}`);

// ---------------------------------------------------------------- crew
const FACES = ["visor", "glasses", "bun", "cap", "goggles", "antenna", "hat"];
CREW.forEach((c, i) => {
  const [fg, bg] = c.colors;
  const acc = {
    visor: `<rect x="120" y="150" width="160" height="40" rx="20" fill="${bg}"/><rect x="135" y="160" width="130" height="10" rx="5" fill="${fg}"/>`,
    glasses: `<circle cx="165" cy="175" r="26" fill="none" stroke="${bg}" stroke-width="8"/><circle cx="235" cy="175" r="26" fill="none" stroke="${bg}" stroke-width="8"/><path d="M191 175h18" stroke="${bg}" stroke-width="8"/>`,
    bun: `<circle cx="200" cy="70" r="34" fill="${bg}"/><circle cx="170" cy="175" r="10" fill="${bg}"/><circle cx="230" cy="175" r="10" fill="${bg}"/>`,
    cap: `<path d="M110 130a90 70 0 0 1 180 0z" fill="${bg}"/><rect x="200" y="120" width="110" height="18" rx="9" fill="${bg}"/><circle cx="170" cy="180" r="10" fill="${bg}"/><circle cx="230" cy="180" r="10" fill="${bg}"/>`,
    goggles: `<rect x="120" y="150" width="70" height="50" rx="20" fill="${bg}"/><rect x="210" y="150" width="70" height="50" rx="20" fill="${bg}"/><circle cx="155" cy="175" r="12" fill="${fg}"/><circle cx="245" cy="175" r="12" fill="${fg}"/>`,
    antenna: `<path d="M200 90V30" stroke="${bg}" stroke-width="8"/><circle cx="200" cy="26" r="12" fill="${bg}"/><circle cx="170" cy="180" r="10" fill="${bg}"/><circle cx="230" cy="180" r="10" fill="${bg}"/>`,
    hat: `<path d="M200 30l70 110H130z" fill="${bg}"/><circle cx="200" cy="30" r="14" fill="#ffffff"/><circle cx="172" cy="185" r="9" fill="${bg}"/><circle cx="228" cy="185" r="9" fill="${bg}"/>`,
  }[FACES[i % FACES.length]];
  svg(`crew/${c.slug}.svg`, 400, 400, `${c.Name} - cartoon avatar`, `
<rect width="400" height="400" fill="${bg}"/>
${waves(200, 200, fg, 3, 60, 4, 0.35)}
<path d="M80 400a120 110 0 0 1 240 0z" fill="${fg}" opacity=".85"/>
<circle cx="200" cy="180" r="95" fill="${fg}"/>
${acc}
<path d="M165 235q35 28 70 0" fill="none" stroke="${bg}" stroke-width="8" stroke-linecap="round"/>`);
  svg(`crew/${c.slug}-header.svg`, 1200, 400, `${c.Name} - profile header`, `
<rect width="1200" height="400" fill="${bg}"/>
${waves(1000, 200, fg, 5, 60, 6, 0.5)}
<path d="M0 320Q300 250 600 320T1200 320V400H0z" fill="${fg}" opacity=".25"/>
<text x="60" y="200" ${FONT} font-size="72" fill="${fg}">${esc(c.Name.toUpperCase())}</text>
<text x="64" y="250" ${FONT2} font-size="28" fill="#ffffff">${esc(c.Job)}</text>`);
});

// ---------------------------------------------------------------- sponsors
SPONSORS.forEach((s, i) => {
  const st = s.SponsorStyle;
  const shape = [`<circle cx="100" cy="100" r="70" fill="${st.BannerTextColor}"/>`, `<rect x="35" y="35" width="130" height="130" rx="24" fill="${st.BannerTextColor}"/>`,
    `<path d="M100 28l72 124H28z" fill="${st.BannerTextColor}"/>`, `<path d="M100 25c40 45 70 70 70 105a70 70 0 0 1-140 0c0-35 30-60 70-105z" fill="${st.BannerTextColor}"/>`][i % 4];
  svg(`sponsors/${s.slug}.svg`, 400, 200, `${s.Name} logo`, `
<rect width="400" height="200" rx="16" fill="${st.BannerBG}"/>
${shape}
<text x="100" y="${i % 4 === 2 ? 135 : 115}" text-anchor="middle" ${FONT} font-size="40" fill="${st.BannerBG}">${esc(s.mark)}</text>
<text x="190" y="98" ${FONT} font-size="26" fill="${st.BannerTextColor}">${esc(s.lines[0])}</text>
<text x="190" y="134" ${FONT2} font-weight="700" font-size="22" fill="${st.BannerTextColor}">${esc(s.lines[1])}</text>`);
});

// ---------------------------------------------------------------- news featured images
const ICONS = {
  app: `<rect x="560" y="90" width="150" height="270" rx="22" fill="#fff"/><rect x="575" y="120" width="120" height="200" rx="6" fill="#1b1f3b"/><circle cx="635" cy="220" r="38" fill="#f5a623"/><path d="M625 200v40l30-20z" fill="#1b1f3b"/>`,
  party: `<circle cx="600" cy="150" r="50" fill="#ef476f"/><circle cx="690" cy="190" r="44" fill="#ffd166"/><path d="M600 200l-10 150M690 234l5 120" stroke="#fff" stroke-width="3"/>`,
  bunker: `<path d="M500 360V220l135-90 135 90v140z" fill="#fff"/><rect x="605" y="270" width="60" height="90" fill="#1b1f3b"/><path d="M635 130V50" stroke="#fff" stroke-width="8"/><path d="M605 70h60M615 95h40" stroke="#fff" stroke-width="6"/>`,
  schedule: `<rect x="520" y="110" width="230" height="230" rx="16" fill="#fff"/><rect x="520" y="110" width="230" height="60" rx="16" fill="#ef476f"/>${[0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => `<rect x="${540 + c * 52}" y="${190 + r * 36}" width="36" height="24" rx="4" fill="#ccd"/>`).join("")).join("")}`,
  merch: `<path d="M560 130l50-25h50l50 25 40 70-40 20-15-30v160H535V190l-15 30-40-20z" fill="#fff"/>`,
  coldcut: `<circle cx="635" cy="225" r="120" fill="#ffb3c1"/><circle cx="635" cy="225" r="95" fill="#ff8fa3"/><circle cx="600" cy="200" r="12" fill="#fff"/><circle cx="665" cy="250" r="10" fill="#fff"/><circle cx="650" cy="180" r="8" fill="#fff"/>`,
  bingo: `<rect x="520" y="100" width="240" height="240" fill="#fff"/>${[0, 1, 2, 3, 4].map((r) => [0, 1, 2, 3, 4].map((c) => `<rect x="${526 + c * 47}" y="${106 + r * 47}" width="41" height="41" fill="${(r * 5 + c) % 7 === 0 ? "#ef476f" : "#eef"}"/>`).join("")).join("")}`,
  anniversary: `<text x="640" y="290" text-anchor="middle" ${FONT} font-size="200" fill="#fff">15</text>`,
  boat: `<path d="M480 280h320l-40 70H520z" fill="#fff"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="${510 + i * 55}" y="230" width="50" height="48" rx="6" fill="${i % 2 ? "#06d6a0" : "#ef476f"}"/>`).join("")}`,
  goat: `<ellipse cx="640" cy="250" rx="110" ry="60" fill="#fff"/><circle cx="760" cy="190" r="40" fill="#fff"/><path d="M750 155l-20-40M775 155l10-42" stroke="#fff" stroke-width="10" stroke-linecap="round"/><path d="M560 300v60M600 300v60M680 300v60M720 300v60" stroke="#fff" stroke-width="14"/>`,
  lobster: `<ellipse cx="640" cy="240" rx="60" ry="110" fill="#ef476f"/><circle cx="560" cy="120" r="40" fill="#ef476f"/><circle cx="720" cy="120" r="40" fill="#ef476f"/>`,
  vending: `<rect x="540" y="70" width="200" height="300" rx="12" fill="#fff"/>${[0, 1, 2].map((r) => [0, 1, 2].map((c) => `<path d="M${570 + c * 55} ${100 + r * 70}h24v30l18 14-6 10-36-18z" fill="#ef476f"/>`).join("")).join("")}`,
  gnome: `<path d="M640 60l70 150H570z" fill="#ef476f"/><circle cx="640" cy="235" r="40" fill="#ffe0c2"/><path d="M600 250q40 110 80 0z" fill="#fff"/><rect x="590" y="300" width="100" height="70" rx="14" fill="#118ab2"/>`,
  cake: `<rect x="560" y="260" width="160" height="90" fill="#fff"/><rect x="585" y="185" width="110" height="75" fill="#fff"/><rect x="610" y="125" width="60" height="60" fill="#fff"/><path d="M560 290h160M585 215h110" stroke="#ffb3c1" stroke-width="8"/>`,
  canoe: `<path d="M480 260q160 90 320 0q-160 30-320 0z" fill="#fff"/><path d="M600 180l60 120" stroke="#ffd166" stroke-width="8"/><path d="M450 340q50-20 100 0t100 0 100 0 100 0" fill="none" stroke="#fff" stroke-width="5" opacity=".6"/>`,
  squirrel: `<path d="M640 360l120-210 120 210z" fill="#ffd166" transform="translate(-120 -20)"/><circle cx="600" cy="240" r="7" fill="#ef476f"/><circle cx="650" cy="300" r="7" fill="#ef476f"/><circle cx="700" cy="250" r="7" fill="#ef476f"/>`,
  camera: `<rect x="520" y="150" width="240" height="160" rx="20" fill="#fff"/><rect x="580" y="120" width="80" height="40" rx="8" fill="#fff"/><circle cx="640" cy="230" r="55" fill="#1b1f3b"/><circle cx="640" cy="230" r="30" fill="#118ab2"/>`,
};
const NEWS_STYLE = {
  "news-app": ["app", "#1b1f3b", "#f5a623"], "news-party": ["party", "#3a0ca3", "#ffd166"], "news-bunker": ["bunker", "#0d1b2a", "#4ecdc4"],
  "news-schedule": ["schedule", "#2b2d42", "#ef476f"], "news-merch": ["merch", "#5f0f40", "#fb8b24"], "news-coldcut": ["coldcut", "#023047", "#8ecae6"],
  "news-bingo": ["bingo", "#14213d", "#fca311"], "news-anniversary": ["anniversary", "#03045e", "#00b4d8"],
  "wtf-boat": ["boat", "#006d77", "#83c5be"], "wtf-goat": ["goat", "#386641", "#a7c957"], "wtf-lobster": ["lobster", "#003049", "#fcbf49"],
  "wtf-vending": ["vending", "#3d405b", "#f2cc8f"], "wtf-gnome": ["gnome", "#2d6a4f", "#b7e4c7"], "wtf-cake": ["cake", "#6d597a", "#ffb3c1"],
  "wtf-canoe": ["canoe", "#1d3557", "#a8dadc"], "wtf-squirrel": ["squirrel", "#6a040f", "#ffba08"],
  "spnkbnk-party": ["camera", "#7b2cbf", "#ffd166"], "spnkbnk-merch": ["camera", "#22223b", "#f2e9e4"], "spnkbnk-throwback": ["camera", "#6b705c", "#ddbea9"],
};
const KIND = { news: "DIRECT FROM THE BUNKER", wtf: "WTF NEWS", spnkbnk: "SPANKBANK" };
for (const p of POSTS.filter((p) => !p.slider)) {
  const key = p.img.replace(/\.svg$/, "");
  const [icon, bg, fg] = NEWS_STYLE[key];
  const kind = KIND[key.split("-")[0]];
  svg(`news/${p.img}`, 800, 450, `${kind}: ${p.title.replace(/&#8217;/g, "'").replace(/&#8211;/g, "-").replace(/&amp;/g, "&")}`, `
<rect width="800" height="450" fill="${bg}"/>
${waves(640, 225, fg, 4, 60, 3, 0.3)}
${ICONS[icon]}
<rect x="40" y="40" width="${kind.length * 15 + 40}" height="44" rx="22" fill="${fg}"/>
<text x="60" y="70" ${FONT2} font-weight="700" font-size="20" fill="${bg}" letter-spacing="1">${esc(kind)}</text>
<text x="40" y="400" ${FONT} font-size="30" fill="#ffffff">THE HAM RADIO SHOW</text>`);
}

// ---------------------------------------------------------------- about
svg("about/bunker-studio.svg", 800, 450, "Illustration of the bunker studio", `
<rect width="800" height="450" fill="#1b1f3b"/>
<rect y="330" width="800" height="120" fill="#2b2f55"/>
<rect x="120" y="250" width="560" height="30" rx="6" fill="#8d6e63"/>
<path d="M160 280v120M640 280v120" stroke="#6d4c41" stroke-width="14"/>
<rect x="230" y="170" width="40" height="80" rx="20" fill="#cfd8dc"/><rect x="530" y="170" width="40" height="80" rx="20" fill="#cfd8dc"/>
<rect x="330" y="200" width="140" height="50" rx="6" fill="#263238"/>${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${342 + i * 21}" y="${210 + (i % 3) * 6}" width="10" height="24" fill="#f5a623"/>`).join("")}
<rect x="330" y="60" width="140" height="44" rx="10" fill="#e53935"/><text x="400" y="90" text-anchor="middle" ${FONT2} font-weight="700" font-size="20" fill="#fff">ON AIR</text>
<path d="M620 60c40 0 60 20 60 40s-20 30-60 30c20-10 20-60 0-70z" fill="#4fc3f7"/><path d="M600 95h20" stroke="#4fc3f7" stroke-width="6"/>
<text x="40" y="420" ${FONT} font-size="26" fill="#ffffff" opacity=".8">THE BUNKER</text>`);

svg("about/crew-on-air.svg", 800, 450, "Cartoon of the crew on air", `
<rect width="800" height="450" fill="#0d1b2a"/>
${waves(400, 470, "#f5a623", 6, 70, 6, 0.35)}
${CREW.slice(0, 5).map((c, i) => `<circle cx="${130 + i * 135}" cy="250" r="52" fill="${c.colors[0]}"/><path d="M${70 + i * 135} 380a60 60 0 0 1 120 0z" fill="${c.colors[0]}" opacity=".85"/>`).join("")}
<text x="400" y="80" text-anchor="middle" ${FONT} font-size="38" fill="#ffffff">WHY? BECAUSE WE CAN!</text>`);

const big = written.filter(([rel, n]) => rel.startsWith("episodes/") && n >= 4096);
if (big.length) throw new Error("covers over 4 KB: " + big.map((b) => b[0]).join(", "));
console.log(`wrote ${written.length} SVG files, ${written.reduce((a, [, n]) => a + n, 0)} bytes`);
