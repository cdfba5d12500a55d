import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, deflateParts, gzipBetween } from "~/http/gzip-parts.server";

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
