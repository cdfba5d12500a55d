/**
 * What kind of picture a file's first bytes say it is, whatever its name or the type the browser
 * guessed from that name: a text file renamed `.jpg` is "image/jpeg" to the browser and nothing
 * here. The server decides for real (sharp decodes it); this lets the form say so at once.
 */
export type ImageSignature = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/** How many leading bytes `imageSignature` reads. */
export const SIGNATURE_BYTES = 12;

const startsWith = (bytes: Uint8Array, at: number, expected: number[]) =>
  expected.every((value, i) => bytes[at + i] === value);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

export function imageSignature(bytes: Uint8Array): ImageSignature | null {
  if (startsWith(bytes, 0, [0x89, ...ascii("PNG"), 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, 0, ascii("GIF87a")) || startsWith(bytes, 0, ascii("GIF89a")))
    return "image/gif";
  if (startsWith(bytes, 0, ascii("RIFF")) && startsWith(bytes, 8, ascii("WEBP")))
    return "image/webp";
  return null;
}
