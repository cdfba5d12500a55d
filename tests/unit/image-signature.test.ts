import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageSignature, SIGNATURE_BYTES } from "~/lib/image-signature";

/**
 * Issue 41 item 9: a text file renamed `.jpg` is "image/jpeg" to the browser. The story form reads
 * the file's first bytes and says at once that it is not a picture, as for a PDF.
 */
const head = (bytes: Uint8Array | Buffer) => new Uint8Array(bytes).subarray(0, SIGNATURE_BYTES);
const pixel = () => sharp({ create: { width: 2, height: 2, channels: 3, background: "#c00" } });

describe("imageSignature", () => {
  it("knows the four picture kinds the site takes, by their bytes", async () => {
    expect(imageSignature(head(await pixel().png().toBuffer()))).toBe("image/png");
    expect(imageSignature(head(await pixel().jpeg().toBuffer()))).toBe("image/jpeg");
    expect(imageSignature(head(await pixel().gif().toBuffer()))).toBe("image/gif");
    expect(imageSignature(head(await pixel().webp().toBuffer()))).toBe("image/webp");
  });

  it("refuses text, a PDF, an empty file and a RIFF file that is not WebP", () => {
    const text = new TextEncoder().encode("Энэ бол зураг биш, зүгээр л текст.\n");
    expect(imageSignature(head(text))).toBeNull();
    expect(imageSignature(head(new TextEncoder().encode("%PDF-1.4\n%âãÏÓ")))).toBeNull();
    expect(imageSignature(new Uint8Array())).toBeNull();
    expect(imageSignature(head(new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt ")))).toBeNull();
  });

  it("reads this repository's own pictures as what they are", () => {
    expect(imageSignature(head(readFileSync("public/apple-touch-icon.png")))).toBe("image/png");
  });
});
