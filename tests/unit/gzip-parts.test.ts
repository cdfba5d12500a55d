import { randomBytes } from "node:crypto";
import zlib, { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  acceptsGzip,
  crc32Combine,
  crc32Shift,
  deflateParts,
  gzipBetween,
} from "~/http/gzip-parts.server";

describe("gzip from parts compressed once", () => {
  it("gives exactly the parts and values in order, checked by gunzip's length and CRC", () => {
    const parts = [
      Buffer.from('<html><head><script nonce="'),
      Buffer.from(""),
      Buffer.from('">x</script></head><body>'.repeat(500)),
      // Incompressible, and longer than one stored block can hold.
      randomBytes(70_000),
      Buffer.from("</body></html>"),
    ];
    const values = [
      Buffer.from("nonce+/="),
      Buffer.from("Сараа"),
      Buffer.from(""),
      randomBytes(140_000),
    ];
    const whole = Buffer.concat(
      parts.flatMap((part, i) => (values[i] ? [part, values[i]] : [part])),
    );
    const deflated = deflateParts(parts);
    const zipped = gzipBetween(parts, deflated, values);
    expect(gunzipSync(zipped).equals(whole)).toBe(true);
    // The same compressed parts serve other values.
    const other = [Buffer.from("n2"), Buffer.from("Bold"), Buffer.from("x"), Buffer.from("")];
    const otherWhole = Buffer.concat(
      parts.flatMap((part, i) => (other[i]?.length ? [part, other[i]] : [part])),
    );
    expect(gunzipSync(gzipBetween(parts, deflated, other)).equals(otherWhole)).toBe(true);
  });

  it("combines CRC-32s as zlib would compute the whole", () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 7],
      [3, 1],
      [100, 70_000],
      [65_536, 131_071],
    ] as const) {
      const [first, second] = [randomBytes(a), randomBytes(b)];
      const combined = crc32Combine(
        a ? zlib.crc32(first) : 0,
        b ? zlib.crc32(second) : 0,
        crc32Shift(b),
      );
      expect(combined, `${a} + ${b}`).toBe(zlib.crc32(Buffer.concat([first, second])));
    }
  });

  it("is smaller than the page for a real page's repetition", () => {
    const page = Buffer.from('<a class="card card--story" href="/stories/1">Түүх</a>'.repeat(2000));
    const zipped = gzipBetween([page], deflateParts([page]), []);
    expect(zipped.length).toBeLessThan(page.length / 20);
  });

  it("reads Accept-Encoding as browsers and HTTP say", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1, gzip;q=0.5")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});
