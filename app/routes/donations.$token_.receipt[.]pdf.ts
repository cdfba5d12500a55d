import type { LoaderFunctionArgs } from "@remix-run/node";
import { HttpError } from "~/http/http.server";
import { siteOrigin } from "~/http/origin.server";
import { getT, i18next } from "~/i18next.server";
import { receiptView } from "~/lib/receipt-view";
import { receiptPdf, receiptPdfHash, receiptPdfSpec } from "~/models/receipt-pdf.server";
import { donorReceipt } from "~/models/receipts.server";
import { PRIVATE_HEADERS } from "~/screens/donations/donation-form.server";

/**
 * A verified gift's receipt as a PDF download (issue 20 item 3), in the page's language. Private
 * like the status page it is reached from; 404 for an unknown link or a gift not verified. The
 * PDF is kept by a hash of what it shows, which is also its strong ETag (decision 050): a client
 * that has it gets a 304 without anything being drawn. A receipt drawn too often answers 429, a
 * full drawing queue 503, both in words in the page's language and with Retry-After.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const receipt = await donorReceipt(params.token ?? "");
  if (!receipt) return text("Not found", 404);
  const [t, lng] = await Promise.all([
    getT(request, ["receipts", "common", "plans"]),
    i18next.getLocale(request),
  ]);
  const origin = siteOrigin(request);
  const spec = receiptPdfSpec({
    view: receiptView(receipt, lng, origin, t("common:na")),
    t,
    lng,
    host: new URL(origin).host,
    issuedAt: receipt.issued_at,
  });
  const hash = receiptPdfHash(spec);
  const etag = `"${hash}"`;
  if (matches(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: { ...PRIVATE_HEADERS, ETag: etag } });
  }
  let pdf: Buffer;
  try {
    pdf = await receiptPdf(spec, hash);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return text(t(error.message), error.status, error.headers);
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PRIVATE_HEADERS,
      ETag: etag,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="receipt-${receipt.number}.pdf"`,
      "Content-Length": String(pdf.length),
    },
  });
}

/** Whether If-None-Match names this ETag (a list, a weak form of it, or `*`). */
function matches(header: string | null, etag: string) {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

function text(body: string, status: number, headers?: HeadersInit) {
  return new Response(`${body}\n`, {
    status,
    headers: {
      ...PRIVATE_HEADERS,
      ...Object.fromEntries(new Headers(headers)),
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
}
