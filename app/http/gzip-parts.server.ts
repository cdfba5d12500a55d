import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * A gzip body made of parts compressed once and short values written between them per answer
 * (RFC 1951/1952), for members' copies (decision 039): compressing the whole page for every
 * member cost more than serving the copy itself. Each part is a raw deflate stream ended with a
 * sync flush, so it stops on a byte boundary without ending the stream, and the parts and the
 * values (as stored blocks) follow each other as one stream.
 */

export type DeflatedParts = Buffer[];

export function deflateParts(parts: Buffer[]): DeflatedParts {
  return parts.map((part) =>
    zlib.deflateRawSync(part, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  );
}

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A last, empty stored block. */
const LAST_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
const STORED_MAX = 0xffff;

function stored(value: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < value.length; at += STORED_MAX) {
    const chunk = value.subarray(at, at + STORED_MAX);
    const head = Buffer.alloc(5);
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(head, chunk);
  }
  return blocks;
}

/**
 * The gzip body of parts[0] values[0] parts[1] … values[n-1] parts[n], given the parts deflated
 * by `deflateParts`.
 */
export function gzipBetween(parts: Buffer[], deflated: DeflatedParts, values: Buffer[]): Buffer {
  const pieces: Buffer[] = [HEADER];
  let crc = 0;
  let size = 0;
  parts.forEach((part, i) => {
    pieces.push(deflated[i]!);
    // Node 20's crc32 answers 0 for an empty buffer that has been through deflate.
    if (part.length) crc = zlib.crc32(part, crc);
    size += part.length;
    const value = values[i];
    if (value?.length) {
      pieces.push(...stored(value));
      crc = zlib.crc32(value, crc);
      size += value.length;
    }
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(LAST_BLOCK, trailer);
  return Buffer.concat(pieces);
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
