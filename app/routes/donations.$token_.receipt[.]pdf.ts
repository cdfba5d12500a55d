import type { LoaderFunctionArgs } from "@remix-run/node";
import { getT, i18next } from "~/i18next.server";
import { receiptPdf } from "~/models/receipt-pdf.server";
import { donorReceipt } from "~/models/receipts.server";
import { PRIVATE_HEADERS } from "~/utils/donation-form.server";
import { siteOrigin } from "~/utils/origin.server";
import { receiptView } from "~/utils/receipt-view";

/**
 * A verified gift's receipt as a PDF download (issue 20 item 3), in the page's language. Private
 * like the status page it is reached from; 404 for an unknown link or a gift not verified.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const receipt = await donorReceipt(params.token ?? "");
  if (!receipt) {
    return new Response("Not found", {
      status: 404,
      headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const [t, lng] = await Promise.all([
    getT(request, ["receipts", "common"]),
    i18next.getLocale(request),
  ]);
  const origin = siteOrigin(request);
  const pdf = await receiptPdf({
    view: receiptView(receipt, lng, origin, t("common:na")),
    t,
    lng,
    host: new URL(origin).host,
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="receipt-${receipt.number}.pdf"`,
      "Content-Length": String(pdf.length),
    },
  });
}
