import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { config } from "~/config.server";
import { mediaStore } from "~/models/media-store.server";

/**
 * Link previews (issue 19, item 5): the 1200×630 picture Facebook, Messenger and others show
 * for a story, a campaign or the site. The text is set by sharp (Pango) in Noto Sans from
 * assets/fonts — loaded from the file, never fetched and never looked up among the system's
 * fonts — so Mongolian letters are drawn the same on every machine, over the story's picture
 * darkened, or the site's colours. Each picture is made once and kept under DATA_DIR/og/ by a
 * hash of what it shows.
 */

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** Change when the drawing changes: every card is made again. */
const TEMPLATE = 1;

const FONT = {
  bold: path.resolve("assets/fonts/NotoSans-Bold.ttf"),
  regular: path.resolve("assets/fonts/NotoSans-Regular.ttf"),
};
const MARGIN = 72;
const TEXT_WIDTH = OG_WIDTH - MARGIN * 2;
const TITLE_BOX = 250;

/** What a card shows. */
export interface OgCard {
  title: string;
  /** One line under the title: the author, or a campaign's progress. */
  subtitle?: string;
  /** A stored image (media id) behind the text; none: the site's colours. */
  imageId?: string | null;
  /** The site's name and address, at the bottom. */
  footer: string;
}

/** The hash that names a card's picture: it changes whenever what the card shows changes. */
export function ogHash(card: OgCard) {
  return createHash("sha256")
    .update(
      JSON.stringify([TEMPLATE, card.title, card.subtitle ?? "", card.imageId ?? "", card.footer]),
    )
    .digest("hex")
    .slice(0, 32);
}

const markup = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * White text as an image with its size: wrapped at the card's width, at `size` points; when
 * `box` is given and the text is taller, set smaller until it fits (a long title).
 */
async function textImage(text: string, weight: keyof typeof FONT, size: number, box?: number) {
  // Nothing to set (Pango refuses an empty text): an empty line of the size's height.
  if (!text.trim()) {
    const data = await sharp({
      create: { width: 1, height: size, channels: 4, background: "#0000" },
    })
      .png()
      .toBuffer();
    return { data, info: { width: 1, height: size } };
  }
  const render = (height?: number) =>
    sharp({
      text: {
        text: `<span foreground="#ffffff">${markup(text)}</span>`,
        font: `Noto Sans ${weight === "bold" ? "Bold" : ""} ${size}`,
        fontfile: FONT[weight],
        width: TEXT_WIDTH,
        ...(height ? { height } : { dpi: 72 }),
        rgba: true,
        wrap: "word",
        spacing: Math.round(size * 0.12),
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
  const first = await render();
  if (!box || first.info.height <= box) return first;
  return render(box);
}

async function overlay(card: OgCard, photo: boolean) {
  const title = await textImage(card.title, "bold", card.title.length > 60 ? 56 : 68, TITLE_BOX);
  const subtitle = card.subtitle ? await textImage(card.subtitle, "regular", 34) : null;
  const footer = await textImage(card.footer, "bold", 28);
  const footerTop = OG_HEIGHT - 60 - footer.info.height;
  const subtitleTop = subtitle ? footerTop - 44 - subtitle.info.height : footerTop;
  const titleTop = (subtitle ? subtitleTop - 18 : footerTop - 44) - title.info.height;
  const backdrop = photo
    ? `<defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
         <stop offset="0" stop-color="#0b1020" stop-opacity="0.15"/>
         <stop offset="0.45" stop-color="#0b1020" stop-opacity="0.55"/>
         <stop offset="1" stop-color="#0b1020" stop-opacity="0.92"/></linearGradient></defs>
       <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#shade)"/>`
    : `<defs><linearGradient id="brand" x1="0" y1="0" x2="1" y2="1">
         <stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#7a5206"/></linearGradient></defs>
       <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#brand)"/>
       <circle cx="1040" cy="120" r="260" fill="#ffffff" opacity="0.06"/>
       <circle cx="1120" cy="520" r="180" fill="#ffffff" opacity="0.05"/>`;
  // The site's mark (the favicon's drop over a wave), before its name.
  const markTop = footerTop + Math.round(footer.info.height / 2) - 22;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}">
    ${backdrop}
    <g transform="translate(${MARGIN} ${markTop}) scale(1.375)">
      <rect width="32" height="32" rx="9" fill="#ffffff" opacity="0.18"/>
      <path d="M16 7c-3 4.2-5.5 7.4-5.5 10.4a5.5 5.5 0 0 0 11 0C21.5 14.4 19 11.2 16 7Z" fill="#fff"/>
      <path d="M7 22.5c3-1.2 6-1.2 9 .6 3-1.8 6-1.8 9-.6" stroke="#fff" stroke-width="1.8" fill="none" stroke-linecap="round"/>
    </g></svg>`;
  return [
    { input: Buffer.from(svg), top: 0, left: 0 },
    { input: title.data, top: titleTop, left: MARGIN },
    ...(subtitle ? [{ input: subtitle.data, top: subtitleTop, left: MARGIN }] : []),
    { input: footer.data, top: footerTop, left: MARGIN + 58 },
  ];
}

async function streamBytes(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Paints a card (JPEG). A picture that cannot be read leaves the site's colours behind. */
export async function renderOgCard(card: OgCard): Promise<Buffer> {
  let background: Buffer | null = null;
  if (card.imageId) {
    try {
      const bytes = await streamBytes(mediaStore.read(card.imageId));
      background = await sharp(bytes).resize(OG_WIDTH, OG_HEIGHT, { fit: "cover" }).toBuffer();
    } catch {
      background = null;
    }
  }
  const layers = await overlay(card, background !== null);
  const base = background
    ? sharp(background)
    : sharp({
        create: { width: OG_WIDTH, height: OG_HEIGHT, channels: 3, background: "#1d4ed8" },
      });
  return base.composite(layers).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}

const cacheDir = () => path.resolve(config.DATA_DIR, "og");

/** The card's picture, made once and kept by its hash. */
export async function ogImage(card: OgCard): Promise<{ bytes: Buffer; hash: string }> {
  const hash = ogHash(card);
  const file = path.join(cacheDir(), `${hash}.jpg`);
  try {
    return { bytes: await readFile(file), hash };
  } catch {
    const bytes = await renderOgCard(card);
    await mkdir(cacheDir(), { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, file);
    return { bytes, hash };
  }
}

/**
 * The answer of an image route: the card's picture, kept by browsers and caches for a day (its
 * address changes with its content), or 404 when the page has no card.
 */
export async function ogResponse(card: OgCard | null, request: Request) {
  if (!card) return new Response(null, { status: 404, statusText: "Not Found" });
  const hash = ogHash(card);
  const etag = `"${hash}"`;
  const headers = {
    "Content-Type": "image/jpeg",
    "Cache-Control": "public, max-age=86400",
    ETag: etag,
  };
  if (request.headers.get("If-None-Match") === etag)
    return new Response(null, { status: 304, headers });
  const { bytes } = await ogImage(card);
  return new Response(new Uint8Array(bytes), {
    headers: { ...headers, "Content-Length": String(bytes.length) },
  });
}
