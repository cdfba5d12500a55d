import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { TFunction } from "i18next";
import { LRUCache } from "lru-cache";
import { HttpError } from "~/http/http.server";
import { forgiveHit, hitLimit, refuseOverLimit } from "~/http/rate-limit.server";
import { type ReceiptView, receiptLines, receiptLineValue } from "~/lib/receipt-view";
import { ThreadPool } from "~/lib/thread-pool.server";

/**
 * A donor's receipt as a PDF (issue 20 item 3, decisions 036 and 050): A4, one page, in the
 * language of the request, saying what the printable page says (both are made from
 * `receiptLines`). Drawing takes 100–250 ms of CPU, so it is done in a worker thread
 * (receipt-pdf-draw.worker.mjs), one at a time per process with a short queue, and each PDF is
 * kept in memory by a hash of everything that goes into it: a receipt downloaded again is not
 * drawn again, and the hash is its strong ETag. A receipt is drawn at most a few times a minute
 * (kept copies do not count), whatever asks for it.
 */

// Paths from the project's root, which every server process runs in (the fonts were always
// read so): Vite bundles this module into build/server/index.js, but not the worker's script.
const FONT = {
  regular: path.resolve("assets/fonts/NotoSans-Regular.ttf"),
  bold: path.resolve("assets/fonts/NotoSans-Bold.ttf"),
};
const WORKER = path.resolve("app/models/receipt-pdf-draw.worker.mjs");

/** Everything the PDF shows, already in its language: the same spec always draws the same bytes. */
export interface ReceiptPdfSpec {
  lng: string;
  /** The PDF's creation date (ISO): the receipt's issue, not the moment of drawing. */
  created: string;
  title: string;
  site: string;
  host: string;
  number: string;
  numberLabel: string;
  issued: string;
  intro: string;
  lines: { key: string; label: string; value: string }[];
  note: string;
  verifyTitle: string;
  verifyText: string;
  verifyUrl: string;
  footer: string;
}

export interface ReceiptPdfInput {
  view: ReceiptView;
  /** A translator in the receipt's language (namespaces receipts and common). */
  t: TFunction;
  lng: string;
  /** The site's address without the scheme, printed under its name. */
  host: string;
  /** When the receipt was issued (ISO). */
  issuedAt: string;
}

export function receiptPdfSpec({ view, t, lng, host, issuedAt }: ReceiptPdfInput): ReceiptPdfSpec {
  const issued = new Date(issuedAt);
  return {
    lng,
    created: (Number.isNaN(issued.getTime()) ? new Date(0) : issued).toISOString(),
    title: t("receipts:doc.title"),
    site: t("common:brand.name"),
    host,
    number: view.number,
    numberLabel: t("receipts:doc.number"),
    issued: `${t("receipts:doc.issued")}: ${view.issued_on}`,
    intro: t("receipts:doc.intro"),
    lines: receiptLines(view).map((line) => ({
      key: line.key,
      label: t(line.label),
      value: receiptLineValue(line, t),
    })),
    note: t(view.note),
    verifyTitle: t("receipts:doc.verifyTitle"),
    verifyText: t("receipts:doc.verifyText"),
    verifyUrl: view.verify_url,
    footer: t("receipts:doc.footer"),
  };
}

/** What else decides the bytes: the drawing, the fonts and pdfkit. Read once per process. */
let version: string | undefined;
function drawingVersion() {
  if (version) return version;
  const hash = createHash("sha256");
  for (const file of [
    WORKER,
    FONT.regular,
    FONT.bold,
    path.resolve("node_modules/pdfkit/package.json"),
  ])
    hash.update(readFileSync(file));
  version = hash.digest("hex");
  return version;
}

/** The hash that names a receipt's PDF: it changes whenever anything drawn on it would. */
export function receiptPdfHash(spec: ReceiptPdfSpec): string {
  return createHash("sha256")
    .update(JSON.stringify([drawingVersion(), spec]))
    .digest("hex")
    .slice(0, 32);
}

/**
 * Drawn PDFs, per process and in memory only: they carry the donor's name, and decision 036 keeps
 * that out of files the database's clearing does not reach. About 20 KB each, so some hundreds.
 */
const kept = new LRUCache<string, Buffer>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (pdf) => pdf.length,
});
/** Draws under way, so that several requests for one PDF wait for the same drawing. */
const drawings = new Map<string, Promise<Buffer>>();

export const receiptPdfThreads = new ThreadPool<ReceiptPdfSpec, Uint8Array>({
  script: WORKER,
  workerData: { fonts: FONT },
  // One per process: the site runs a process per core, and a second drawing thread would only
  // take CPU from the event loops.
  threads: 1,
  queue: 8,
  timeoutMs: 15_000,
  idleMs: 60_000,
  busy: { message: "receipts:errors.pdfBusy", retryAfterSeconds: 5 },
});

/** How often one receipt may be drawn: its two languages and a few processes, with room. */
export const RECEIPT_PDF_DRAWS = { max: 4, windowMs: 60_000 };

/**
 * The receipt's PDF, drawn only when it is not kept. Each drawing counts against the receipt's
 * limit (429 past it); a full queue answers 503. Both carry Retry-After.
 */
export async function receiptPdf(
  spec: ReceiptPdfSpec,
  hash = receiptPdfHash(spec),
): Promise<Buffer> {
  const copy = kept.get(hash);
  if (copy) return copy;
  let pending = drawings.get(hash);
  if (!pending) {
    pending = draw(spec, hash).finally(() => drawings.delete(hash));
    drawings.set(hash, pending);
  }
  return pending;
}

async function draw(spec: ReceiptPdfSpec, hash: string) {
  // By the receipt's number, one per status link: the link itself is a secret kept out of the
  // limits table.
  const key = `receipt-pdf:${spec.number}`;
  refuseOverLimit(await hitLimit({ key, ...RECEIPT_PDF_DRAWS }), "receipts:errors.pdfTooOften");
  let output: Uint8Array;
  try {
    output = await receiptPdfThreads.run(spec);
  } catch (error) {
    // Turned away by a full queue: nothing was drawn, so nothing counts.
    if (error instanceof HttpError && error.status === 503) await forgiveHit(key);
    throw error;
  }
  const pdf = Buffer.from(output.buffer, output.byteOffset, output.byteLength);
  kept.set(hash, pdf);
  return pdf;
}
