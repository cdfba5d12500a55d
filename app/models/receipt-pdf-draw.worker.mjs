// The drawing of a donor's receipt PDF (decisions 036 and 050), run in a worker thread so that the
// 100–250 ms of CPU it takes never holds up the process's event loop. Plain JavaScript, loaded by
// its path from the checkout (receipt-pdf.server.ts), so the production build needs to emit
// nothing for it: Vite bundles the app into build/server/index.js, and a worker thread needs a
// file of its own. It receives every text already translated, and draws nothing it is not given:
// the same spec always gives the same bytes (the creation date is the receipt's issue), which is
// what lets the PDF be kept and served under a strong ETag made from a hash of the spec.
import { parentPort, workerData } from "node:worker_threads";
import PDFDocument from "pdfkit";

/** The site's light theme (app/theme-tokens.ts), as paper takes it. */
const COLOR = {
  ink: "#171b26",
  muted: "#585e6c",
  rule: "#e0ddd5",
  primary: "#1d4ed8",
  panel: "#f5f7fe",
  panelRule: "#c7d5fb",
};
const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const WIDTH = PAGE.width - PAGE.margin * 2;
const LABEL_WIDTH = 170;

/**
 * @typedef {object} ReceiptPdfSpec  What receipt-pdf.server.ts's ReceiptPdfSpec says.
 * @property {string} lng
 * @property {string} created  ISO date: the PDF's creation date (the receipt's issue).
 * @property {string} title
 * @property {string} site
 * @property {string} host
 * @property {string} number
 * @property {string} numberLabel
 * @property {string} issued
 * @property {string} intro
 * @property {{ key: string, label: string, value: string }[]} lines
 * @property {string} note
 * @property {string} verifyTitle
 * @property {string} verifyText
 * @property {string} verifyUrl
 * @property {string} footer
 */

/**
 * A4, one page, in Noto Sans from the font files given (embedded as subsets with their Unicode
 * maps, so Cyrillic with ө and ү and the ₮ sign print the same everywhere and copy out as text).
 * @param {ReceiptPdfSpec} spec
 * @param {{ regular: string, bold: string }} fonts  absolute paths of the two font files
 * @returns {Promise<Buffer>}
 */
export function drawReceiptPdf(spec, fonts) {
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    lang: spec.lng,
    displayTitle: true,
    info: {
      Title: `${spec.title} ${spec.number}`,
      Author: spec.site,
      Subject: spec.title,
      // pdfkit's default is the moment of drawing, which also seeds the file's ID.
      CreationDate: new Date(spec.created),
    },
  });
  doc.registerFont("regular", fonts.regular);
  doc.registerFont("bold", fonts.bold);
  const chunks = [];
  const done = new Promise((resolve, reject) => {
    doc.on("data", (chunk) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;

  // The letterhead: the site on the left, the receipt's number on the right.
  doc.font("bold").fontSize(20).fillColor(COLOR.primary).text(spec.site, left, PAGE.margin);
  doc.font("regular").fontSize(9).fillColor(COLOR.muted).text(spec.host, left, doc.y);
  const numberBox = 220;
  doc
    .font("regular")
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(spec.numberLabel, right - numberBox, PAGE.margin + 2, {
      width: numberBox,
      align: "right",
    });
  doc
    .font("bold")
    .fontSize(14)
    .fillColor(COLOR.ink)
    .text(spec.number, right - numberBox, doc.y, { width: numberBox, align: "right" });
  doc
    .font("regular")
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(spec.issued, right - numberBox, doc.y + 2, { width: numberBox, align: "right" });
  let y = Math.max(doc.y, PAGE.margin + 52) + 14;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(1.5).strokeColor(COLOR.primary).stroke();

  // The title and what the document is.
  y += 26;
  doc.font("bold").fontSize(26).fillColor(COLOR.ink).text(spec.title, left, y, { width: WIDTH });
  doc
    .font("regular")
    .fontSize(11)
    .fillColor(COLOR.muted)
    .text(spec.intro, left, doc.y + 4, { width: WIDTH, lineGap: 2 });
  y = doc.y + 22;

  // The facts, one line each: label on the left, value on the right.
  for (const line of spec.lines) {
    const big = line.key === "amount";
    const valueX = left + LABEL_WIDTH;
    const valueWidth = WIDTH - LABEL_WIDTH;
    doc.font(big ? "bold" : "regular").fontSize(big ? 18 : 12);
    const height = Math.max(doc.heightOfString(line.value, { width: valueWidth }), 16);
    doc
      .font("regular")
      .fontSize(10)
      .fillColor(COLOR.muted)
      .text(line.label, left, y + (big ? 5 : 1), { width: LABEL_WIDTH - 12 });
    doc
      .font(big || line.key === "code" ? "bold" : "regular")
      .fontSize(big ? 18 : 12)
      .fillColor(COLOR.ink)
      .text(line.value, valueX, y, { width: valueWidth });
    y += height + 12;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.6).strokeColor(COLOR.rule).stroke();
    y += 12;
  }

  // Who confirmed it.
  doc
    .font("regular")
    .fontSize(10)
    .fillColor(COLOR.ink)
    .text(spec.note, left, y + 4, { width: WIDTH, lineGap: 2 });
  y = doc.y + 24;

  // Where anyone can check it: a framed panel with the address, a link in the PDF.
  const pad = 16;
  doc.font("regular").fontSize(10);
  const textHeight = doc.heightOfString(spec.verifyText, { width: WIDTH - pad * 2 });
  const panelHeight = pad + 16 + 4 + textHeight + 8 + 18 + pad;
  doc.roundedRect(left, y, WIDTH, panelHeight, 8).fillAndStroke(COLOR.panel, COLOR.panelRule);
  doc
    .font("bold")
    .fontSize(12)
    .fillColor(COLOR.ink)
    .text(spec.verifyTitle, left + pad, y + pad, { width: WIDTH - pad * 2 });
  doc
    .font("regular")
    .fontSize(10)
    .fillColor(COLOR.muted)
    .text(spec.verifyText, left + pad, doc.y + 4, { width: WIDTH - pad * 2 });
  doc
    .font("bold")
    .fontSize(12)
    .fillColor(COLOR.primary)
    .text(spec.verifyUrl, left + pad, doc.y + 8, { width: WIDTH - pad * 2, link: spec.verifyUrl });

  // The foot of the page: the site, once more, and that the paper is the donor's own. Written
  // inside the bottom margin, which pdfkit would otherwise answer with a second page.
  doc.page.margins.bottom = 0;
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(COLOR.muted)
    .text(`${spec.site} · ${spec.host} · ${spec.footer}`, left, PAGE.height - PAGE.margin - 10, {
      width: WIDTH,
      align: "center",
      lineBreak: false,
    });

  doc.end();
  return done;
}

// As a worker thread (app/lib/thread-pool.server.ts): one job at a time, answered by its id;
// the bytes are moved to the parent, not copied.
if (parentPort) {
  const port = parentPort;
  port.on("message", async ({ id, input }) => {
    try {
      const pdf = await drawReceiptPdf(input, workerData.fonts);
      const output = new Uint8Array(pdf);
      port.postMessage({ id, output }, [output.buffer]);
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.stack : String(error) });
    }
  });
}
