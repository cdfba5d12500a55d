import path from "node:path";
import type { TFunction } from "i18next";
import PDFDocument from "pdfkit";
import { type ReceiptView, receiptLines } from "~/utils/receipt-view";

/**
 * A donor's receipt as a PDF (issue 20 item 3): A4, one page, drawn by pdfkit in Noto Sans from
 * assets/fonts (embedded, so Cyrillic with ө and ү and the ₮ sign print the same everywhere and
 * copy out as text), in the language of the request. It says what the printable page says: both
 * are drawn from `receiptLines`.
 */

const FONT = {
  regular: path.resolve("assets/fonts/NotoSans-Regular.ttf"),
  bold: path.resolve("assets/fonts/NotoSans-Bold.ttf"),
};
/** The site's light theme (app/theme-tokens.ts), as paper takes it. */
const COLOR = {
  ink: "#171b26",
  muted: "#585e6c",
  rule: "#e0ddd5",
  primary: "#1d4ed8",
  panel: "#f5f7fe",
  panelRule: "#c7d5fb",
  success: "#156e34",
};
const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const WIDTH = PAGE.width - PAGE.margin * 2;
const LABEL_WIDTH = 170;

export interface ReceiptPdfInput {
  view: ReceiptView;
  /** A translator in the receipt's language (namespaces receipts and common). */
  t: TFunction;
  lng: string;
  /** The site's address without the scheme, printed under its name. */
  host: string;
}

export function receiptPdf({ view, t, lng, host }: ReceiptPdfInput): Promise<Buffer> {
  const title = t("receipts:doc.title");
  const site = t("common:brand.name");
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    lang: lng,
    displayTitle: true,
    info: { Title: `${title} ${view.number}`, Author: site, Subject: title },
  });
  doc.registerFont("regular", FONT.regular);
  doc.registerFont("bold", FONT.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;

  // The letterhead: the site on the left, the receipt's number on the right.
  doc.font("bold").fontSize(20).fillColor(COLOR.primary).text(site, left, PAGE.margin);
  doc.font("regular").fontSize(9).fillColor(COLOR.muted).text(host, left, doc.y);
  const numberBox = 220;
  doc
    .font("regular")
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(t("receipts:doc.number"), right - numberBox, PAGE.margin + 2, {
      width: numberBox,
      align: "right",
    });
  doc
    .font("bold")
    .fontSize(14)
    .fillColor(COLOR.ink)
    .text(view.number, right - numberBox, doc.y, { width: numberBox, align: "right" });
  doc
    .font("regular")
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(`${t("receipts:doc.issued")}: ${view.issued_on}`, right - numberBox, doc.y + 2, {
      width: numberBox,
      align: "right",
    });
  let y = Math.max(doc.y, PAGE.margin + 52) + 14;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(1.5).strokeColor(COLOR.primary).stroke();

  // The title and what the document is.
  y += 26;
  doc.font("bold").fontSize(26).fillColor(COLOR.ink).text(title, left, y, { width: WIDTH });
  doc
    .font("regular")
    .fontSize(11)
    .fillColor(COLOR.muted)
    .text(t("receipts:doc.intro"), left, doc.y + 4, { width: WIDTH, lineGap: 2 });
  y = doc.y + 22;

  // The facts, one line each: label on the left, value on the right.
  for (const line of receiptLines(view)) {
    const value = line.translate ? t(line.value) : line.value;
    const big = line.key === "amount";
    const valueX = left + LABEL_WIDTH;
    const valueWidth = WIDTH - LABEL_WIDTH;
    doc.font(big ? "bold" : "regular").fontSize(big ? 18 : 12);
    const height = Math.max(doc.heightOfString(value, { width: valueWidth }), 16);
    doc
      .font("regular")
      .fontSize(10)
      .fillColor(COLOR.muted)
      .text(t(line.label), left, y + (big ? 5 : 1), { width: LABEL_WIDTH - 12 });
    doc
      .font(big || line.key === "code" ? "bold" : "regular")
      .fontSize(big ? 18 : 12)
      .fillColor(COLOR.ink)
      .text(value, valueX, y, { width: valueWidth });
    y += height + 12;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.6).strokeColor(COLOR.rule).stroke();
    y += 12;
  }

  // Who confirmed it.
  doc
    .font("regular")
    .fontSize(10)
    .fillColor(COLOR.ink)
    .text(t("receipts:doc.note"), left, y + 4, { width: WIDTH, lineGap: 2 });
  y = doc.y + 24;

  // Where anyone can check it: a framed panel with the address, a link in the PDF.
  const pad = 16;
  doc.font("regular").fontSize(10);
  const textHeight = doc.heightOfString(t("receipts:doc.verifyText"), { width: WIDTH - pad * 2 });
  const panelHeight = pad + 16 + 4 + textHeight + 8 + 18 + pad;
  doc.roundedRect(left, y, WIDTH, panelHeight, 8).fillAndStroke(COLOR.panel, COLOR.panelRule);
  doc
    .font("bold")
    .fontSize(12)
    .fillColor(COLOR.ink)
    .text(t("receipts:doc.verifyTitle"), left + pad, y + pad, { width: WIDTH - pad * 2 });
  doc
    .font("regular")
    .fontSize(10)
    .fillColor(COLOR.muted)
    .text(t("receipts:doc.verifyText"), left + pad, doc.y + 4, { width: WIDTH - pad * 2 });
  doc
    .font("bold")
    .fontSize(12)
    .fillColor(COLOR.primary)
    .text(view.verify_url, left + pad, doc.y + 8, {
      width: WIDTH - pad * 2,
      link: view.verify_url,
    });

  // The foot of the page: the site, once more, and that the paper is the donor's own. Written
  // inside the bottom margin, which pdfkit would otherwise answer with a second page.
  doc.page.margins.bottom = 0;
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(COLOR.muted)
    .text(`${site} · ${host} · ${t("receipts:doc.footer")}`, left, PAGE.height - PAGE.margin - 10, {
      width: WIDTH,
      align: "center",
      lineBreak: false,
    });

  doc.end();
  return done;
}
