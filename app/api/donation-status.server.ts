import { DONATION_STATUSES } from "#db/schema";
import { apiJson, HttpError } from "~/http/http.server";
import { checkDonationStatus, donationStatus } from "~/models/donation-status.server";
import { QpayInvoice } from "./qpay-invoice.server";
import { operation, resource } from "./resource.server";
import { DateTime, Whole, z } from "./schemas.server";

/** The donor's status page as JSON (issue 39 item 8): read it, or have QPay asked again. */

const Status = z
  .object({
    status: z.enum(DONATION_STATUSES),
    amount: Whole,
    payment_code: z.string().nullable(),
    pool: z
      .object({ id: Whole, name: z.string() })
      .strict()
      .nullable()
      .openapi({ description: "null for a donation to the site." }),
    confirmed_at: DateTime.nullable().openapi({ description: "When it was verified." }),
    paid_through: z.union([z.literal("qpay"), z.literal("bank"), z.null()]).openapi({
      description:
        "How a verified gift was confirmed: `qpay` (paid through QPay) or `bank` (a bank " +
        "transfer an administrator or a statement confirmed); null until it is verified.",
    }),
    qpay: z.union([QpayInvoice, z.null()]).openapi({
      description: "While it waits and QPay is configured and answering: the invoice to pay.",
    }),
  })
  .strict()
  .openapi("DonationStatus");

const NOT_FOUND = "donate:errors.donationNotFound";

export const donationStatusCall = resource(
  "/api/donations/status/{token}",
  "Donations",
  {},
  {
    GET: operation({
      summary: "A gift's status",
      description:
        "The twin of the donor's status page (`status_url`): pending, verified or rejected, how " +
        "it was confirmed, and while it waits its QPay invoice. The token is the secret that " +
        "`status_url` ends with; an unknown one is a 404.",
      access: "public",
      responses: { 200: { description: "The gift's status.", schema: Status } },
      handler: async ({ request, names }) => {
        const status = await donationStatus(names.token ?? "", request);
        if (!status) throw new HttpError(404, NOT_FOUND);
        return apiJson(status);
      },
    }),
    POST: operation({
      summary: "Check a gift's payment again",
      description:
        "The status page's «check again»: QPay is asked now whether the gift's invoice was paid " +
        "(at most every few seconds per invoice), and a payment it confirms is counted once. " +
        "Then the status, with `check`: `paid`, `waiting`, `unavailable` (QPay did not answer) " +
        "or `none` (no open invoice).",
      access: "public",
      responses: {
        200: {
          description: "The gift's status after the check.",
          schema: Status.extend({
            check: z.enum(["paid", "waiting", "unavailable", "none"]),
          })
            .strict()
            .openapi("DonationStatusChecked"),
        },
      },
      handler: async ({ request, names }) => {
        const status = await checkDonationStatus(names.token ?? "", request);
        if (!status) throw new HttpError(404, NOT_FOUND);
        return apiJson(status);
      },
    }),
  },
  { token: "The secret that the gift's `status_url` ends with." },
);
