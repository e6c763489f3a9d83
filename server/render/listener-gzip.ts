import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Bytes, Part } from "./app-contract";

/**
 * A listener's page as gzip without compressing the page per response (ADR 038). A template's
 * bytes between its holes, and the strings a hole may be filled with that the template itself
 * holds (a heart's two forms), are deflated once: raw deflate ending with a sync flush is
 * byte-aligned and not final, so such pieces can be joined byte for byte. A piece may refer back
 * only to bytes that always come right before it: a hole's form to the template bytes before the
 * hole, the bytes after a hole to that hole's form and the template bytes before it (one version
 * per form), and to nothing when the hole was filled otherwise. Per response only the holes' own
 * bytes (the nonce, the listener's data) are added, as stored blocks (deflated when large), and
 * the gzip trailer's CRC-32 is combined from the pieces' own CRCs without reading their bytes.
 */

/** What the CRC of the whole needs of the bytes a piece stands for. */
interface Sum {
  crc: number;
  /**
   * A CRC so far times x^(8·length) modulo the polynomial (shifted over this piece) is the XOR of
   * these for its set bits: 32 words per piece make it about 16 steps instead of 32 per response.
   */
  shift: Uint32Array;
  length: number;
}

/**
 * Per part of a template: template bytes, deflated once per form of the hole before them (in the
 * order of that hole's forms) and once on their own (last); or a hole's own forms, deflated.
 */
export type GzipTemplate = ({ sum: Sum; after: Bytes[] } | { forms: { value: Bytes; sum: Sum; deflated: Bytes }[] })[];

const deflateRaw = promisify(zlib.deflateRaw);
// Once per template fill, off the JavaScript thread: the best ratio on such small pieces.
const TEMPLATE_LEVEL = 9;
// A hole's own bytes per response: a stored block costs 5 bytes and no time; above this, deflate.
const DEFLATE_HOLE_FROM = 1024;
const SYNC = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
const WINDOW = 32 * 1024;

function sum(raw: Buffer): Sum {
  const by = shiftOver(raw.length);
  const shift = new Uint32Array(32);
  for (let bit = 0; bit < 32; bit++) shift[bit] = multiplyModP(by, 2 ** bit);
  return { crc: zlib.crc32(raw), shift, length: raw.length };
}

/** The CRC of bytes followed by a piece: combined from the CRC so far and the piece's own. */
function combine(crc: number, piece: Sum): number {
  let p = piece.crc;
  for (let b = crc; b !== 0; b &= b - 1) p ^= piece.shift[31 - Math.clz32(b & -b)]!;
  return p >>> 0;
}

async function deflated(raw: Buffer, before: string): Promise<Bytes> {
  const dictionary = before ? Buffer.from(before.slice(-WINDOW), "latin1") : undefined;
  return (await deflateRaw(raw, { ...SYNC, level: TEMPLATE_LEVEL, dictionary })).toString("latin1");
}

/** The strings a hole holds itself (a heart's two forms); a hole filled from elsewhere has none. */
const formsOf = (part: Part): Bytes[] =>
  typeof part !== "string" && "favorite" in part ? [part.off, part.on].filter((v) => v !== "") : [];

/** Deflates a template's parts once (when it is cached). */
export async function gzipTemplate(parts: Part[]): Promise<GzipTemplate> {
  const bytesAt = (i: number) => (typeof parts[i] === "string" ? (parts[i] as string) : "");
  return Promise.all(
    parts.map(async (part, i) => {
      if (typeof part !== "string")
        return {
          forms: await Promise.all(
            formsOf(part).map(async (value) => {
              const raw = Buffer.from(value, "latin1");
              return { value, sum: sum(raw), deflated: await deflated(raw, bytesAt(i - 1)) };
            }),
          ),
        };
      const raw = Buffer.from(part, "latin1");
      const contexts = [...(i > 0 ? formsOf(parts[i - 1]!).map((form) => bytesAt(i - 2) + form) : []), ""];
      return { sum: sum(raw), after: await Promise.all(contexts.map((before) => deflated(raw, before))) };
    }),
  );
}

/** The bytes a template's pieces keep (counted against the render cache's memory bound). */
export function gzipTemplateBytes(template: GzipTemplate): number {
  let bytes = 0;
  for (const entry of template)
    for (const deflated of "after" in entry ? entry.after : entry.forms.map((f) => f.deflated))
      bytes += deflated.length;
  return bytes;
}

const GZIP_HEADER = "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff";
/** An empty final block with fixed codes: ends the deflate stream. */
const FINAL_BLOCK = "\x03\x00";

/**
 * One response's gzip body: the template's pieces and, for each hole, what `fill` puts there
 * (the app's own fill, so any hole the app adds is spliced the same way).
 */
export function spliceGzip(template: GzipTemplate, parts: Part[], fill: (hole: Exclude<Part, Bytes>) => Bytes): Bytes {
  let body = GZIP_HEADER;
  let crc = 0;
  let length = 0;
  // Which form of the hole just sent the next piece may refer to (-1: none).
  let form = -1;
  for (let i = 0; i < parts.length; i++) {
    const entry = template[i]!;
    if ("after" in entry) {
      crc = combine(crc, entry.sum);
      length += entry.sum.length;
      body += entry.after[form === -1 ? entry.after.length - 1 : form];
      form = -1;
      continue;
    }
    const value = fill(parts[i] as Exclude<Part, Bytes>);
    form = entry.forms.findIndex((f) => f.value === value);
    const known = entry.forms[form];
    if (known) {
      crc = combine(crc, known.sum);
      length += known.sum.length;
      body += known.deflated;
    } else if (value) {
      const raw = Buffer.from(value, "latin1");
      crc = zlib.crc32(raw, crc);
      length += raw.length;
      body +=
        raw.length >= DEFLATE_HOLE_FROM
          ? zlib.deflateRawSync(raw, { ...SYNC, level: 1 }).toString("latin1")
          : stored(value);
    }
  }
  return body + FINAL_BLOCK + le32(crc) + le32(length);
}

/** A stored (uncompressed) deflate block of fewer than 64 Ki bytes, byte-aligned and not final. */
function stored(bytes: Bytes): Bytes {
  const n = bytes.length;
  return "\x00" + String.fromCharCode(n & 0xff, n >>> 8, ~n & 0xff, (~n >>> 8) & 0xff) + bytes;
}

const le32 = (n: number) => String.fromCharCode(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff);

// CRC-32 arithmetic modulo its polynomial, as zlib's crc32_combine (reflected bit order).
const POLY = 0xedb88320;

function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo P for k = 0…31. */
const X_2_POWER: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = multiplyModP(p, p)) X_2_POWER.push(p);

/** x^(8·n) modulo P: appending n bytes multiplies the CRC so far by it. */
function shiftOver(n: number): number {
  let p = 0x80000000;
  for (let k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multiplyModP(X_2_POWER[k % 32]!, p);
  return p;
}
