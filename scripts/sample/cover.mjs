// Per-episode cover art: LED lettering on an era's palette. Every lit dot sits on the 8 px grid
// of the 1400 px raster copy (make-art.mjs), so each of its JPEG blocks is one flat colour: a
// cover costs about a third of what anti-aliased lettering would, times 116 episodes.
import { LED_FONT } from "./data/led-font.mjs";

export const BLOCK = 24 / 7; // one 8 px block of the 1400 px copy, in the covers' 600-unit space
const FONT2 = `font-family="Arial,'DejaVu Sans',sans-serif"`;
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const num = (n) => String(Math.round(n * 10000) / 10000);
const glyphId = (ch) => (/[A-Z0-9]/.test(ch) ? `g${ch}` : `g${ch.codePointAt(0)}`);

function glyphRows(ch) {
  const g = LED_FONT[ch];
  if (!g) throw new Error(`no LED glyph for ${JSON.stringify(ch)}`);
  if (Array.isArray(g)) return g.map((row, y) => [y, row]);
  return [...g.accent.map((row, i) => [i - g.accent.length, row]), ...glyphRows(g.base)];
}

/** The glyph as horizontal strokes one dot thick, in dots, half a dot high (led() moves them down). */
function glyphPath(ch) {
  let d = "";
  for (const [y, row] of glyphRows(ch)) {
    for (const m of row.matchAll(/#+/g)) d += `M${m.index} ${y}h${m[0].length}`;
  }
  return d;
}

/** Words wrapped to lines of at most `width` characters. */
export function wrap(text, width) {
  const lines = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * The cover's SVG body (600 x 600 units): `colors` [background, big line, title, top line],
 * `big` the episode number or what stands for it, `title` the episode's name, `era` printed as
 * text (the caption beside the art names the same era). Lettering stays inside blocks 10..160
 * of the 175, which the share card's crop keeps (make-art.mjs).
 */
export function coverBody({ colors: [bg, bigColor, titleColor, topColor], era, big, title, seed }) {
  const used = new Set();
  const rows = [];
  // `k` blocks a dot; x and y in blocks, so every dot stays on the grid.
  const led = (str, x, y, k, color) => {
    const uses = [...str].map((ch, i) => {
      if (ch === " ") return "";
      used.add(ch);
      return `<use href="#${glyphId(ch)}" x="${num(x / k + i * 6)}"/>`;
    });
    const s = num(k * BLOCK);
    rows.push(`<g transform="matrix(${s} 0 0 ${s} 0 ${num((y + k / 2) * BLOCK)})" stroke="${color}">${uses.join("")}</g>`);
  };
  const lines = wrap(title.toUpperCase(), 13);
  if (lines.length > 4) throw new Error(`title too long for a cover: ${title}`);
  led("THE HAM RADIO SHOW", 10, 10, 1, topColor);
  led(big, 10, 24, big.length > 4 ? 3 : 4, bigColor);
  lines.forEach((line, i) => led(line, 10, 66 + i * 20, 2, titleColor));
  // a level meter whose bars follow the seed: no two covers alike, at no cost on the grid
  const bars = Array.from({ length: 6 }, (_, i) => {
    const h = 2 * (2 + ((seed * (2 * i + 3) + i * i * 5) % 7));
    return `M${124 + i * 6} 160h4v-${h}h-4z`;
  });
  const defs = [...used].map((ch) => `<path id="${glyphId(ch)}" d="${glyphPath(ch)}"/>`).join("");
  return `<defs>${defs}</defs>
<rect width="600" height="600" fill="${bg}"/>
<g shape-rendering="crispEdges" fill="none">
${rows.join("\n")}
<path transform="scale(${num(BLOCK)})" fill="${bigColor}" d="${bars.join("")}"/>
</g>
<text x="${num(10 * BLOCK)}" y="${num(158 * BLOCK)}" ${FONT2} font-weight="700" font-size="24" fill="${bigColor}">${esc(era)}</text>`;
}
