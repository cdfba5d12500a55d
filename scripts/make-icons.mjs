// Writes the installable site's icons (decision 064) from the logo in public/favicon.svg. Run
// `node scripts/make-icons.mjs` after changing the logo; the PNGs are committed and named by the
// manifest (app/lib/web-app.ts), and tests/unit/web-manifest.test.ts checks their sizes.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const logo = readFileSync(path.resolve("public/favicon.svg"), "utf8");
const defs = logo.match(/<defs>.*<\/defs>/s)?.[0];
const tile = logo.match(/<rect [^>]*\/>/)?.[0];
const glyph = logo.match(/<path [^>]*\/>/g)?.join("");
if (!defs || !tile || !glyph) throw new Error("public/favicon.svg: no gradient, tile or glyph");

const svg = (body, extra = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${extra}${body}</svg>`;

// The favicon as it is: a rounded tile, transparent corners ("any" purpose: shown as drawn).
const rounded = logo;
// Full bleed: launchers (maskable) and iOS (apple-touch-icon, which fills transparency with black)
// cut their own shape. The glyph's farthest pixel is 0.75 of the half-width from the centre,
// inside the 0.8 safe circle, so the favicon's own proportions need no shrinking.
const square = svg(`${tile.replace(/ rx="[^"]*"/, "")}${glyph}`, defs);
// Only the alpha counts (the system paints it in its own colour): the glyph, fully opaque.
const mono = svg(glyph.replaceAll(/ opacity="[^"]*"/g, "").replaceAll("#fff", "#000"));

const out = path.resolve("public/icons");
mkdirSync(out, { recursive: true });

/** Renders an SVG to a size × size PNG, from a density that gives at least that many pixels. */
async function png(source, size) {
  return sharp(Buffer.from(source), { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

const icons = [
  ["icons/icon-192.png", rounded, 192],
  ["icons/icon-512.png", rounded, 512],
  ["icons/icon-maskable-512.png", square, 512],
  ["icons/icon-monochrome-512.png", mono, 512],
  ["apple-touch-icon.png", square, 180],
];
for (const [name, source, size] of icons) {
  writeFileSync(path.resolve("public", name), await png(source, size));
  console.log(`public/${name}: ${size}×${size}`);
}
