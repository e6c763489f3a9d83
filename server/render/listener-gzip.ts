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
 * Runs of a template's entries joined once as they are for a listener with nothing of theirs there
 * (every hole in its first form: a heart off, a card not started, no data): most of a page for
 * most listeners. A response whose holes in a run all hold those forms takes the run whole, one
 * piece instead of one per entry. A run ends at a hole without forms (a nonce, the listener's
 * text) and after `RUN_SIZES[0]` entries; where one does not fit, a run of `RUN_SIZES[1]` from the
 * same entry is tried, then the entry alone, so one saved episode costs only what is around it.
 * Made when first asked for.
 */
interface Run {
  end: number;
  holes: number[];
  sum: Sum;
  deflated: Buffer;
}
const RUN_SIZES = [8, 3];
const runsOf = new WeakMap<GzipTemplate, Map<number, Run | null>>();

function runAt(template: GzipTemplate, i: number, level: number): Run | null {
  const made = runsOf.get(template) ?? runsOf.set(template, new Map()).get(template)!;
  const key = i * RUN_SIZES.length + level;
  const size = RUN_SIZES[level]!;
  let run = made.get(key);
  if (run !== undefined) return run;
  const holes: number[] = [];
  let end = i;
  for (; end < template.length && end - i < size; end++) {
    const entry = template[end]!;
    if ("piece" in entry) continue;
    if (entry.forms.length === 0) break;
    holes.push(end);
  }
  run = null;
  if (end - i >= 2) {
    const joined = template.slice(i, end).map((e) => ("piece" in e ? e.piece : e.forms[0]!));
    let crc = 0;
    for (const d of joined) crc = combine(crc, d.sum);
    const length = joined.reduce((n, d) => n + d.sum.length, 0);
    run = { end, holes, sum: sumOf(crc, length), deflated: Buffer.concat(joined.map((d) => d.deflated)) };
  }
  made.set(key, run);
  return run;
}

/**
 * One response's gzip body: the template's pieces and, for each hole, what `fill` puts there
 * (the app's own fill, so any hole the app adds is spliced the same way). Null when a hole of a
 * fixed length was filled with another: the pieces after it cannot be joined to it.
 */
export function spliceGzip(
  template: GzipTemplate,
  parts: Part[],
  fill: (hole: Exclude<Part, Bytes>) => Bytes,
): Buffer | null {
  const pieces: Buffer[] = [GZIP_HEADER];
  let last: Stored | undefined;
  let crc = 0;
  let length = 0;
  let own = 0;
  const plain = (k: number) =>
    fill(parts[k] as Exclude<Part, Bytes>) === (template[k] as { forms: Deflated[] }).forms[0]!.value;
  const add = (s: Sum, bytes: Buffer) => {
    crc = combine(crc, s);
    length += s.length;
    pieces.push(bytes);
  };
  for (let i = 0; i < parts.length; i++) {
    // Past a listener's own, small runs only: the large ones start where the last run ended.
    let run: Run | null = null;
    for (let level = own; level < RUN_SIZES.length; level++) {
      const r = runAt(template, i, level);
      if (r?.holes.every(plain)) {
        run = r;
        break;
      }
    }
    if (run) {
      add(run.sum, run.deflated);
      i = run.end - 1;
      own = 0;
      continue;
    }
    own = 1;
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
    const job = deflated(value, bytesBefore(template, parts, i)).then(
      (d) => void (fills.get(value) === "pending" && fills.set(value, d)),
      () => void fills.delete(value),
    );
    fillJobs.add(job);
    void job.finally(() => fillJobs.delete(job));
  }
  return false;
}

const fillJobs = new Set<Promise<void>>();
/** Resolves once every value being deflated for later responses is ready (tests, a bench's warm-up). */
export const fillsReady = () => Promise.all(fillJobs).then(() => undefined);

/** The bytes every response has right before part `i`, back to the last hole whose length varies (fixed ones as stand-ins). */
function bytesBefore(template: GzipTemplate, parts: Part[], i: number): string {
  let before = "";
  for (let k = i - 1; k >= 0 && before.length < FILL_DICTIONARY; k--) {
    const entry = template[k]!;
    if ("piece" in entry) before = (parts[k] as Bytes) + before;
    else if (entry.slot === null) break;
    else before = STAND_IN.repeat(entry.slot) + before;
  }
  return before.slice(-FILL_DICTIONARY);
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
