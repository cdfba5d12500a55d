import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * A gzip body made of parts compressed once and short values written between them per answer
 * (RFC 1951/1952), for members' copies (decision 039): compressing the whole page for every
 * member cost more than serving the copy itself. Each part is a raw deflate stream ended with a
 * sync flush, so it stops on a byte boundary without ending the stream, and the parts and the
 * values (as stored blocks) follow each other as one stream.
 */

export interface DeflatedParts {
  /** Each part as a raw deflate stream ended with a sync flush. */
  blocks: Buffer[];
  /** Each part's CRC-32, and what carries a CRC past the part (zlib's crc32_combine_gen). */
  crcs: number[];
  shifts: number[];
}

export function deflateParts(parts: Buffer[]): DeflatedParts {
  return {
    blocks: parts.map((part) =>
      zlib.deflateRawSync(part, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    ),
    // Node 20's crc32 answers 0 for an empty buffer that has been through deflate.
    crcs: parts.map((part) => (part.length ? zlib.crc32(part) : 0)),
    shifts: parts.map((part) => crc32Shift(part.length)),
  };
}

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A last, empty stored block. */
const LAST_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
const STORED_MAX = 0xffff;

/** A value as stored (uncompressed) blocks: 5 bytes of header for each 64 KB. */
const storedLength = (value: Buffer) => value.length + 5 * Math.ceil(value.length / STORED_MAX);

function writeStored(value: Buffer, into: Buffer, at: number): number {
  for (let from = 0; from < value.length; from += STORED_MAX) {
    const length = Math.min(STORED_MAX, value.length - from);
    into[at] = 0;
    into.writeUInt16LE(length, at + 1);
    into.writeUInt16LE(~length & 0xffff, at + 3);
    at = 5 + at + value.copy(into, at + 5, from, from + length);
  }
  return at;
}

/**
 * The gzip body of parts[0] values[0] parts[1] … values[n-1] parts[n], given the parts deflated
 * by `deflateParts`. The page's CRC-32 is the parts' own, kept, combined with the values'; only
 * the values are read, and the answer is written into one buffer.
 */
export function gzipBetween(parts: Buffer[], deflated: DeflatedParts, values: Buffer[]): Buffer {
  let length = HEADER.length + LAST_BLOCK.length + 8;
  let crc = 0;
  let size = 0;
  parts.forEach((part, i) => {
    length += deflated.blocks[i]!.length;
    crc = crc32Combine(crc, deflated.crcs[i]!, deflated.shifts[i]!);
    size += part.length;
    const value = values[i];
    if (value?.length) {
      length += storedLength(value);
      crc = zlib.crc32(value, crc);
      size += value.length;
    }
  });
  const body = Buffer.allocUnsafe(length);
  let at = HEADER.copy(body, 0);
  deflated.blocks.forEach((block, i) => {
    at += block.copy(body, at);
    const value = values[i];
    if (value?.length) at = writeStored(value, body, at);
  });
  at += LAST_BLOCK.copy(body, at);
  body.writeUInt32LE(crc >>> 0, at);
  body.writeUInt32LE(size >>> 0, at + 4);
  return body;
}

/*
 * CRC-32 of a concatenation from the CRCs of its pieces, as zlib's crc32_combine (zlib 1.2.12+):
 * polynomials over GF(2), reflected, modulo the CRC-32 polynomial. Node does not expose it.
 */
const POLY = 0xedb88320;

/** a(x) · b(x) modulo p(x); `a` not 0. */
function multmodp(a: number, b: number): number {
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

/** x^(2^k) modulo p(x), for k in 0..31. */
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multmodp(X2N[k - 1]!, X2N[k - 1]!));

/** x^(8 · bytes) modulo p(x): what moves a CRC past `bytes` more bytes. */
export function crc32Shift(bytes: number): number {
  let p = 0x80000000;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2) p = multmodp(X2N[k & 31]!, p);
  }
  return p;
}

/** The CRC-32 of A followed by B, from A's, B's, and B's `crc32Shift`. */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multmodp(shiftB, crcA) ^ crcB) >>> 0;
}

const gzip = promisify(zlib.gzip);

/** A page rendered for one person: compressed quickly, off the event loop. */
export function gzipQuickly(body: Buffer): Promise<Buffer> {
  return gzip(body, { level: 1 });
}

/** The client takes gzip (named, or as `*`, with a q above 0). */
export function acceptsGzip(acceptEncoding: string | null | undefined): boolean {
  const weights = new Map<string, number>();
  for (const item of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [coding = "", ...params] = item.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    weights.set(coding, q ? Number(q.slice(2)) : 1);
  }
  return (weights.get("gzip") ?? weights.get("*") ?? 0) > 0;
}
