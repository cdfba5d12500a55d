/**
 * An animated GIF of `frames` frames on a width × height canvas, in a few dozen bytes a frame:
 * each frame draws one pixel, but a decoder renders every frame at the canvas size, so this is
 * what a library counts against its pixel limit (no 50-megapixel animation to encode).
 */
export function gifFrames(width: number, height: number, frames: number): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const frame = [
    ...[0x21, 0xf9, 0x04, 0x00, ...u16(10), 0x00, 0x00], // graphic control: 0.1 s a frame
    ...[0x2c, ...u16(0), ...u16(0), ...u16(1), ...u16(1), 0x00], // a 1 × 1 image at 0,0
    ...[0x02, 0x02, 0x44, 0x01, 0x00], // its pixel, LZW-coded: clear, colour 0, end
  ];
  return Buffer.from([
    ...Buffer.from("GIF89a", "ascii"),
    ...[...u16(width), ...u16(height), 0x80, 0x00, 0x00], // canvas, a 2-colour palette
    ...[0x00, 0x00, 0x00, 0xff, 0xff, 0xff],
    ...[0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0", "ascii"), 0x03, 0x01, 0x00, 0x00, 0x00],
    ...Array.from({ length: frames }, () => frame).flat(),
    0x3b,
  ]);
}
