import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Bytes, Part } from "./app-contract";
import { NONCE_LENGTH } from "../security";

/**
 * A listener's page as gzip without compressing the page per response (ADR 038, ADR 054). A
 * template's bytes between its holes, and the strings a hole is known to be filled with (its
 * forms: a heart's two, a card's marks when not started or played), are deflated once: raw
 * deflate ending with a sync flush is byte-aligned and not final, so such pieces can be joined
 * byte for byte. Per response only what a hole holds beyond its forms (the nonce, the listener's
 * data) is added, as stored blocks (deflated when large), and the gzip trailer's CRC-32 is
 * combined from the pieces' own CRCs without reading their bytes.
 *
 * Each piece may refer back to the bytes before it as far as the last hole whose length varies
 * (ADR 054). Most holes have a length of their own that never varies (a nonce; a heart, a card's
 * marks: the app pads their forms to one length); in the bytes a piece is deflated after, such a
 * hole is a stand-in of bytes no HTML holds, so no reference lands inside it, whatever it holds.
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

interface Deflated {
  value: Bytes;
  sum: Sum;
  /** A Buffer: a response is joined from them in one copy, with no string to flatten or encode. */
  deflated: Buffer;
}

/**
 * Per part of a template: its bytes deflated once; or a hole's forms, deflated, and its length
 * when that never varies.
 */
export type GzipTemplate = ({ piece: Deflated } | { forms: Deflated[]; slot: number | null })[];

const deflateRaw = promisify(zlib.deflateRaw);
// Once per template fill, off the JavaScript thread: the best ratio on such small pieces.
const TEMPLATE_LEVEL = 9;
// A hole's own bytes per response: a stored block costs 5 bytes and no time; above this, deflate.
const DEFLATE_HOLE_FROM = 1024;
const SYNC = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
const WINDOW = 32 * 1024;
const STAND_IN = "\x01";

function sum(raw: Buffer): Sum {
  return sumOf(zlib.crc32(raw), raw.length);
}

function sumOf(crc: number, length: number): Sum {
  const by = shiftOver(length);
  const shift = new Uint32Array(32);
  for (let bit = 0; bit < 32; bit++) shift[bit] = multiplyModP(by, 2 ** bit);
  return { crc, shift, length };
}

/** The CRC of bytes followed by a piece: combined from the CRC so far and the piece's own. */
function combine(crc: number, piece: Sum): number {
  let p = piece.crc;
  for (let b = crc; b !== 0; b &= b - 1) p ^= piece.shift[31 - Math.clz32(b & -b)]!;
  return p >>> 0;
}

async function deflated(value: Bytes, before: string): Promise<Deflated> {
  const raw = Buffer.from(value, "latin1");
  const dictionary = before ? Buffer.from(before.slice(-WINDOW), "latin1") : undefined;
  const bytes = await deflateRaw(raw, { ...SYNC, level: TEMPLATE_LEVEL, dictionary });
  return { value, sum: sum(raw), deflated: bytes };
}

/** The strings a hole is known to be filled with: a heart's two forms, a hole's usual ones. */
const formsOf = (hole: Exclude<Part, Bytes>): Bytes[] =>
  "favorite" in hole ? [hole.off, hole.on] : "forms" in hole ? hole.forms : [];

/** A hole's length where it never varies. */
function slotOf(hole: Exclude<Part, Bytes>): number | null {
  if ("nonce" in hole) return NONCE_LENGTH;
  if ("favorite" in hole) return hole.off.length === hole.on.length ? hole.off.length : null;
  if ("slot" in hole) return hole.slot;
  return null;
}

/** Deflates a template's parts once (when it is cached). */
export async function gzipTemplate(parts: Part[]): Promise<GzipTemplate> {
  // A stand-in works only where nothing it stands between holds its bytes (HTML never does).
  const standIns = !parts.some((p) => (typeof p === "string" ? [p] : formsOf(p)).some((s) => s.includes(STAND_IN)));
  // What each part is deflated after: the bytes since the last hole whose length varies.
  let before = "";
  const jobs = parts.map((part) => {
    const after = before;
    if (typeof part === "string") {
      before = (before + part).slice(-WINDOW);
      return deflated(part, after).then((piece) => ({ piece }));
    }
    const slot = standIns ? slotOf(part) : null;
    before = slot === null ? "" : (before + STAND_IN.repeat(slot)).slice(-WINDOW);
    return Promise.all(formsOf(part).map((form) => deflated(form, after))).then((forms) => ({ forms, slot }));
  });
  return Promise.all(jobs);
}

/** The bytes a template's pieces keep (counted against the render cache's memory bound). */
export function gzipTemplateBytes(template: GzipTemplate): number {
  let bytes = 0;
  for (const entry of template)
    for (const d of "piece" in entry ? [entry.piece] : entry.forms) bytes += d.deflated.length;
  return bytes;
}

const GZIP_HEADER = Buffer.from("1f8b08000000000000ff", "hex");
/** An empty final block with fixed codes: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from("0300", "hex");

/**
 * A template cut once into chunks of up to `CHUNK` entries, ending at a hole without forms (a nonce,
 * the listener's text). What a chunk's holes hold names it: each hole's form (a heart on or off, a
 * card not started or played) or a listener's own value (a card under way, their Continue
 * listening), numbered per chunk. The second time the same is asked for, the chunk is deflated as
 * one, off the thread, after the bytes before it (one block's codes instead of one per entry, and
 * each card refers back to the one before it as it is); the responses after that send it as one
 * piece. Kept per chunk, the combinations asked for last.
 */
interface Chunk {
  end: number;
  holes: number[];
  /** A listener's own values met in this chunk, numbered after the forms. */
  own: Map<Bytes, number>;
  /** What the holes hold, by who fills them (see `spliceGzip`). */
  keys: WeakMap<object, string>;
  /** By what the holes hold: seen once, being deflated, or deflated. */
  made: Map<string, Deflated | "seen" | "pending">;
  /** How often the chunk started over: a deflate set off before then names other values. */
  generation: number;
}
const CHUNK = 32;
const COMBINATIONS_PER_CHUNK = 16;
const OWN_VALUES_PER_CHUNK = 64;
// Above any hole's number of forms.
const FIRST_OWN = 16;
const chunksOf = new WeakMap<GzipTemplate, (Chunk | undefined)[]>();

/** A template's chunks by the entry each starts at. */
function chunks(template: GzipTemplate): (Chunk | undefined)[] {
  const known = chunksOf.get(template);
  if (known) return known;
  const at: (Chunk | undefined)[] = [];
  for (let i = 0; i < template.length;) {
    const holes: number[] = [];
    let end = i;
    for (; end < template.length && end - i < CHUNK; end++) {
      const entry = template[end]!;
      if ("piece" in entry) continue;
      if (entry.forms.length === 0) break;
      holes.push(end);
    }
    if (end - i >= 2) at[i] = { end, holes, own: new Map(), keys: new WeakMap(), made: new Map(), generation: 0 };
    i = Math.max(end, i + 1);
  }
  chunksOf.set(template, at);
  return at;
}

/** The chunk at `i` deflated as one for what its holes hold here; null while it is not (yet). */
function wholeChunk(
  template: GzipTemplate,
  parts: Part[],
  i: number,
  chunk: Chunk,
  fill: (hole: Exclude<Part, Bytes>) => Bytes,
  who: object | undefined,
): Deflated | null {
  let key = who && chunk.keys.get(who);
  if (key === undefined) {
    // Room for each hole's value to be new: numbers are never reused while a key holds them.
    if (chunk.own.size + chunk.holes.length > OWN_VALUES_PER_CHUNK) {
      chunk.own.clear();
      chunk.keys = new WeakMap();
      chunk.made.clear();
      chunk.generation++;
    }
    key = "";
    for (const k of chunk.holes) {
      const entry = template[k] as { forms: Deflated[]; slot: number | null };
      const value = fill(parts[k] as Exclude<Part, Bytes>);
      if (entry.slot !== null && value.length !== entry.slot) return null;
      let n = entry.forms.findIndex((f) => f.value === value);
      if (n < 0) n = chunk.own.get(value) ?? chunk.own.set(value, FIRST_OWN + chunk.own.size).get(value)!;
      key += String.fromCharCode(48 + n);
    }
    if (who) chunk.keys.set(who, key);
  }
  const made = chunk.made.get(key);
  if (made !== undefined) chunk.made.delete(key);
  else if (chunk.made.size >= COMBINATIONS_PER_CHUNK) chunk.made.delete(chunk.made.keys().next().value!);
  if (made === undefined || made === "pending") {
    chunk.made.set(key, made ?? "seen");
    return null;
  }
  chunk.made.set(key, made);
  if (made !== "seen") return made;
  chunk.made.set(key, "pending");
  let value = "";
  for (let k = i; k < chunk.end; k++) {
    const part = parts[k]!;
    value += typeof part === "string" ? part : fill(part);
  }
  const generation = chunk.generation;
  const current = () => chunk.generation === generation && chunk.made.get(key) === "pending";
  later(
    deflated(value, bytesBefore(template, parts, i, WINDOW)).then(
      (d) => void (current() && chunk.made.set(key, d)),
      () => void (current() && chunk.made.delete(key)),
    ),
  );
  return null;
}

/**
 * One response's gzip body: the template's pieces and, for each hole, what `fill` puts there
 * (the app's own fill, so any hole the app adds is spliced the same way). Null when a hole of a
 * fixed length was filled with another: the pieces after it cannot be joined to it. `who`, where
 * given, is an object that stands for what `fill` puts in every hole but a nonce for as long as it
 * lives (the listener, made anew when their data changes): the chunks' keys are then kept by it.
 */
export function spliceGzip(
  template: GzipTemplate,
  parts: Part[],
  fill: (hole: Exclude<Part, Bytes>) => Bytes,
  who?: object,
): Buffer | null {
  const pieces: Buffer[] = [GZIP_HEADER];
  let last: Stored | undefined;
  let crc = 0;
  let length = 0;
  const add = (s: Sum, bytes: Buffer) => {
    crc = combine(crc, s);
    length += s.length;
    pieces.push(bytes);
  };
  const at = chunks(template);
  for (let i = 0; i < parts.length; i++) {
    const chunk = at[i];
    const whole = chunk && wholeChunk(template, parts, i, chunk, fill, who);
    if (whole) {
      add(whole.sum, whole.deflated);
      i = chunk.end - 1;
      continue;
    }
    const entry = template[i]!;
    if ("piece" in entry) {
      add(entry.piece.sum, entry.piece.deflated);
      continue;
    }
    const hole = parts[i] as Exclude<Part, Bytes>;
    const value = fill(hole);
    if (entry.slot !== null && value.length !== entry.slot) return null;
    const known = entry.forms.find((f) => f.value === value);
    if (known) add(known.sum, known.deflated);
    else if (value && !("nonce" in hole) && laterFill(template, parts, i, value, add)) continue;
    else if (value.length >= DEFLATE_HOLE_FROM) {
      const raw = Buffer.from(value, "latin1");
      crc = zlib.crc32(raw, crc);
      length += raw.length;
      pieces.push(zlib.deflateRawSync(raw, { ...SYNC, level: 1 }));
    } else if (value) {
      // A response's nonce fills several holes: encoded once.
      const block = value === last?.value ? last : stored(value);
      last = block;
      crc = zlib.crc32(block.raw, crc);
      length += block.raw.length;
      pieces.push(block.bytes);
    }
  }
  const trailer = Buffer.allocUnsafe(10);
  FINAL_BLOCK.copy(trailer);
  trailer.writeUInt32LE(crc >>> 0, 2);
  trailer.writeUInt32LE(length >>> 0, 6);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

/**
 * A listener's own values (a card's bar under way, their Continue listening, their page data) come
 * back request after request: the first response sends one as it is (a stored block), and meanwhile
 * it is deflated, off the JavaScript thread, after the template's bytes before its hole, as the
 * hole's forms are; the responses after it send that. Kept by hole and value, within a budget.
 */
const fillsOf = new WeakMap<object, Map<Bytes, Deflated | "pending">>();
// Per hole (the oldest goes first): a page's card is one listener's under way at a time, mostly.
const FILLS_PER_HOLE = 16;
// What a value is deflated after: the card's markup around it, not the whole window (each value costs its own).
const FILL_DICTIONARY = 4 * 1024;

/** Adds the value deflated where it is ready (true); else has it made for the next response (false). */
function laterFill(
  template: GzipTemplate,
  parts: Part[],
  i: number,
  value: Bytes,
  add: (s: Sum, bytes: Buffer) => void,
): boolean {
  const entry = template[i]!;
  // By the value itself: a listener's values are the same strings each time (ADR 058), hashed once.
  const fills = fillsOf.get(entry) ?? fillsOf.set(entry, new Map()).get(entry)!;
  const ready = fills.get(value);
  if (ready && ready !== "pending") {
    add(ready.sum, ready.deflated);
    return true;
  }
  if (!ready) {
    if (fills.size >= FILLS_PER_HOLE) fills.delete(fills.keys().next().value!);
    fills.set(value, "pending");
    later(
      deflated(value, bytesBefore(template, parts, i, FILL_DICTIONARY)).then(
        (d) => void (fills.get(value) === "pending" && fills.set(value, d)),
        () => void fills.delete(value),
      ),
    );
  }
  return false;
}

const fillJobs = new Set<Promise<void>>();
function later(job: Promise<void>) {
  fillJobs.add(job);
  void job.finally(() => fillJobs.delete(job));
}
/** Resolves once every piece being deflated for later responses is ready (tests, a bench's warm-up). */
export const fillsReady = () => Promise.all(fillJobs).then(() => undefined);

/** The bytes every response has right before part `i`, back to the last hole whose length varies (fixed ones as stand-ins). */
function bytesBefore(template: GzipTemplate, parts: Part[], i: number, limit: number): string {
  let before = "";
  for (let k = i - 1; k >= 0 && before.length < limit; k--) {
    const entry = template[k]!;
    if ("piece" in entry) before = (parts[k] as Bytes) + before;
    else if (entry.slot === null) break;
    else before = STAND_IN.repeat(entry.slot) + before;
  }
  return before.slice(-limit);
}

interface Stored {
  value: Bytes;
  /** A stored (uncompressed) deflate block of the value, byte-aligned and not final. */
  bytes: Buffer;
  /** The value's own bytes (within `bytes`). */
  raw: Buffer;
}

function stored(value: Bytes): Stored {
  const n = value.length;
  const bytes = Buffer.allocUnsafe(5 + n);
  bytes.set([0, n & 0xff, n >>> 8, ~n & 0xff, (~n >>> 8) & 0xff]);
  bytes.write(value, 5, "latin1");
  return { value, bytes, raw: bytes.subarray(5) };
}

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
