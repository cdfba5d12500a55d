import path from "node:path";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderOgCard } from "~/models/og-image.server";

/**
 * Issue 19, item 5: a card shows its title in Cyrillic, set in the Noto Sans committed in
 * assets/fonts. The width the title takes on the card is held against the width the font file
 * itself gives those letters, read by another program (pdfkit's font reader, not Pango): a card
 * set in the system's font (DejaVu Sans here, 114 pixels wider on the title below), or with
 * boxes for letters the font lacks, takes another width. The measures are in pixels at the
 * card's 68-point title (72 dpi).
 */

const BOLD = path.resolve("assets/fonts/NotoSans-Bold.ttf");
const TITLE_SIZE = 68;
/** Ink starts and ends a few pixels inside the letters' advance (their side bearings). */
const BEARINGS = 10;

/** The advance width of `text` by the committed font's own tables. */
function fontWidth(text: string) {
  return new PDFDocument({ autoFirstPage: false })
    .font(BOLD)
    .fontSize(TITLE_SIZE)
    .widthOfString(text);
}

interface Band {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * The lines of white text on a card, top to bottom: rows with bright pixels, gathered while
 * the gap between them stays under a line's spacing (so й's breve stays with its letter).
 */
async function textBands(jpeg: Buffer): Promise<Band[]> {
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  const bands: Band[] = [];
  for (let y = 0; y < info.height; y++) {
    let left = -1;
    let right = -1;
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x]! > 180) {
        if (left < 0) left = x;
        right = x;
      }
    }
    if (right < 0) continue;
    const last = bands.at(-1);
    if (last && y - last.bottom <= 12) {
      last.bottom = y;
      last.left = Math.min(last.left, left);
      last.right = Math.max(last.right, right);
    } else bands.push({ top: y, bottom: y, left, right });
  }
  return bands;
}

/** The title's line on a card with no subtitle: the first of its two (title, footer). */
async function titleOnCard(title: string) {
  const bands = await textBands(await renderOgCard({ title, footer: "StoryShare" }));
  expect(bands).toHaveLength(2);
  const band = bands[0]!;
  return { width: band.right - band.left + 1, band };
}

describe("the card's title is Cyrillic in the repository's Noto Sans", () => {
  it("takes the width the committed font gives its letters", async () => {
    const title = "Өвөлжөө рүү нүүсэн өдөр";
    const { width } = await titleOnCard(title);
    const expected = fontWidth(title);
    expect(expected).toBeGreaterThan(850);
    expect(Math.abs(width - expected)).toBeLessThanOrEqual(BEARINGS);
  });

  it("matches the same text set by sharp from the font file itself", async () => {
    const title = "Өвөлжөө рүү нүүсэн өдөр";
    const { data, info } = await sharp({
      text: {
        text: `<span foreground="#ffffff">${title}</span>`,
        font: `Noto Sans Bold ${TITLE_SIZE}`,
        fontfile: BOLD,
        dpi: 72,
        rgba: true,
      },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let left = info.width;
    let right = -1;
    for (let i = 3; i < data.length; i += 4)
      if (data[i]! > 128) {
        const x = ((i - 3) / 4) % info.width;
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    const { width } = await titleOnCard(title);
    expect(Math.abs(width - (right - left + 1))).toBeLessThanOrEqual(2);
  });

  it("draws Ө, ө, Ү and ү as the font's letters, not as boxes for missing ones", async () => {
    // The font file has a glyph of its own for each (a missing letter gets the empty glyph's width).
    const missing = fontWidth("\uE000");
    for (const letter of ["Ө", "ө", "Ү", "ү"]) expect(fontWidth(letter)).not.toBe(missing);

    const letters = await titleOnCard("Өө Үү");
    expect(Math.abs(letters.width - fontWidth("Өө Үү"))).toBeLessThanOrEqual(BEARINGS);
    // Letters no font here has (private use) come out as Pango's boxes: another width.
    const boxes = await titleOnCard("\uE000\uE001 \uE002\uE003");
    expect(Math.abs(boxes.width - letters.width)).toBeGreaterThan(BEARINGS * 2);
    // The marks are drawn: Өө Үү is not the same picture as Оо Уу.
    const plain = await renderOgCard({ title: "Оо Уу", footer: "StoryShare" });
    const marked = await renderOgCard({ title: "Өө Үү", footer: "StoryShare" });
    const [a, b] = await Promise.all(
      [plain, marked].map((c) => sharp(c).greyscale().raw().toBuffer()),
    );
    const { band } = letters;
    let differing = 0;
    for (let y = band.top; y <= band.bottom; y++)
      for (let x = band.left; x <= band.right; x++)
        if (Math.abs(a![y * 1200 + x]! - b![y * 1200 + x]!) > 100) differing++;
    expect(differing).toBeGreaterThan(300);
  });
});
