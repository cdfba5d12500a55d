import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { HttpError } from "~/http/http.server";
import { monthlyPath } from "~/models/monthly-links.server";
import { openMonthPayment } from "~/models/monthly-pay.server";
import { redirectWithToast } from "~/models/sessions.server";
import { PRIVATE_HEADERS, statusPath } from "~/screens/donations/donation-form.server";

/**
 * The monthly reminder's link (issue 43 item 3): it opens the month's own pending gift, whose
 * status page shows the QPay invoice and the transfer details. A paid month, a stopped gift or a
 * month that can no longer be paid opens the gift's page with a note; a forged or older link
 * opens the gift's "no longer valid" page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  try {
    const payment = await openMonthPayment(token, params.month ?? "");
    if (payment.state === "open") {
      return redirect(statusPath(payment.status_token), { headers: PRIVATE_HEADERS });
    }
    return redirectWithToast(
      request,
      payment.path,
      {
        type: payment.state === "paid" ? "success" : "info",
        title: `donate:monthly.pay.${payment.state}`,
      },
      { headers: PRIVATE_HEADERS },
    );
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) {
      return redirect(monthlyPath(token), { headers: PRIVATE_HEADERS });
    }
    throw error;
  }
}
