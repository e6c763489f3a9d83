import zlib from "node:zlib";

/**
 * A cached page differs between two responses only in its CSP nonce, so its body is kept as
 * the segments between the nonce's occurrences. This module keeps a gzip copy of those
 * segments too, compressed once when the page is cached, and splices a response's fresh
 * nonce into it without compressing anything per request:
 *
 *   gzip header · deflate(seg0, sync flush) · stored(nonce) · deflate(seg1, sync flush) · …
 *     · deflate(last segment, final) · CRC-32 · length
 *
 * Each segment is deflated on its own and ends on a byte boundary, so a "stored" deflate block
 * holding the nonce can sit between two of them. A segment may still refer back to the segments
 * before it: it is compressed with the preceding text as a preset dictionary in which every
 * nonce is NUL bytes. Page text has no NUL byte, so no back-reference can ever reach into a
 * nonce (whose bytes differ per response); a body that does contain NUL is compressed without
 * dictionaries. The CRC-32 of the whole body is combined from the segments' CRCs and the
 * nonce's in O(segments) (zlib's crc32_combine), never recomputed over the page.
 */

export interface GzipSegments {
  /** gzip header + deflated segments, each sync-flushed; the last one final. */
  parts: Buffer[];
  /** CRC-32 and length of each raw segment. */
  crcs: number[];
  lengths: number[];
  /** x^(8·length) mod P of each segment and of a nonce of `nonceLength` bytes (for the combine). */
  shifts: number[];
  nonceShift: number;
  nonceLength: number;
  rawLength: number;
}

/** Splits `body` at every occurrence of `nonce` (returns [body] when it has none). */
export function splitOnNonce(body: Buffer, nonce: string): Buffer[] {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce, "utf8");
  const segments: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    segments.push(body.subarray(from, at));
    from = at + needle.length;
  }
  segments.push(body.subarray(from));
  return segments;
}

/** The raw body with `nonce` between the segments, as chunks (no copy of the page). */
export function rawChunks(segments: Buffer[], nonce: string): Buffer[] {
  if (segments.length === 1) return segments;
  const n = Buffer.from(nonce, "utf8");
  const list: Buffer[] = [];
  segments.forEach((s, i) => {
    if (i > 0) list.push(n);
    list.push(s);
  });
  return list;
}

/** The raw body with `nonce` between the segments. */
export function joinWithNonce(segments: Buffer[], nonce: string): Buffer {
  return segments.length === 1 ? segments[0] : Buffer.concat(rawChunks(segments, nonce));
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

/** Compresses the segments once (all nonces must have `nonceLength` bytes). */
const WINDOW = 32 * 1024;

export function gzipSegments(segments: Buffer[], nonceLength: number, level = 9): GzipSegments {
  const parts: Buffer[] = [GZIP_HEADER];
  const useDictionary = segments.every((s) => !s.includes(0));
  const placeholder = Buffer.alloc(nonceLength, 0);
  let history = Buffer.alloc(0);
  segments.forEach((s, i) => {
    const last = i === segments.length - 1;
    const options: zlib.ZlibOptions = {
      level,
      finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
    };
    if (useDictionary && history.length > 0) options.dictionary = history;
    parts.push(zlib.deflateRawSync(s, options));
    if (useDictionary && !last) history = Buffer.concat([history, s, placeholder]).subarray(-WINDOW);
  });
  const lengths = segments.map((s) => s.length);
  return {
    parts,
    crcs: segments.map((s) => crc32(s)),
    lengths,
    shifts: lengths.map((l) => x2nmodp(l, 3)),
    nonceShift: x2nmodp(nonceLength, 3),
    nonceLength,
    rawLength: lengths.reduce((a, b) => a + b, 0) + nonceLength * (segments.length - 1),
  };
}

/** The gzip body with `nonce` spliced in between the segments. */
export function gzipWithNonce(g: GzipSegments, nonce: string): Buffer {
  return Buffer.concat(gzipChunks(g, nonce));
}

/** The same, as chunks (no copy of the compressed page). */
export function gzipChunks(g: GzipSegments, nonce: string): Buffer[] {
  const n = Buffer.from(nonce, "utf8");
  if (n.length !== g.nonceLength) throw new Error("nonce length differs from the cached page's");
  const count = g.crcs.length;
  const list: Buffer[] = [g.parts[0], g.parts[1]];
  let crc = g.crcs[0];
  if (count > 1) {
    const nCrc = crc32(n);
    const stored = storedBlock(n);
    for (let i = 1; i < count; i++) {
      list.push(stored, g.parts[i + 1]);
      crc = (multmodp(g.nonceShift, crc) ^ nCrc) >>> 0;
      crc = (multmodp(g.shifts[i], crc) ^ g.crcs[i]) >>> 0;
    }
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(g.rawLength % 0x1_0000_0000, 4);
  list.push(trailer);
  return list;
}

/** A non-final stored deflate block (the previous block ended on a byte boundary). */
function storedBlock(data: Buffer): Buffer {
  const b = Buffer.allocUnsafe(5 + data.length);
  b[0] = 0x00; // BFINAL=0, BTYPE=00, padding to the byte boundary
  b.writeUInt16LE(data.length, 1);
  b.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(b, 5);
  return b;
}

// --- CRC-32 (zlib's polynomial) and its combine, after zlib 1.2.12's multmodp/x2nmodp ---

const POLY = 0xedb88320;

/** a·b modulo the CRC polynomial (bit-reflected). */
export function multmodp(a: number, b: number): number {
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

const X2N: number[] = (() => {
  const t: number[] = [];
  let p = 0x40000000; // x^1
  t.push(p);
  for (let n = 1; n < 32; n++) t.push((p = multmodp(p, p)));
  return t;
})();

/** x^(n·2^k) modulo the CRC polynomial. */
export function x2nmodp(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n) {
    if (n & 1) p = multmodp(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p >>> 0;
}

/** CRC-32 of A·B from CRC(A), CRC(B) and the length of B. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multmodp(x2nmodp(lengthB, 3), crcA) ^ crcB) >>> 0;
}

let TABLE: Uint32Array | null = null;
function crc32Js(data: Uint8Array): number {
  if (!TABLE) {
    TABLE = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let c = i;
      for (let k = 0; k < 8; k++) c = c & 1 ? POLY ^ (c >>> 1) : c >>> 1;
      TABLE[i] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

type Crc32 = (data: Uint8Array) => number;
const native = (zlib as unknown as { crc32?: Crc32 }).crc32;
/** CRC-32 (zlib's, Node ≥ 20.15; a table-driven fallback before that). */
export const crc32: Crc32 = native ? (d) => native(d) >>> 0 : crc32Js;
export const crc32Fallback: Crc32 = crc32Js;
