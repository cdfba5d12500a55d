import { RECEIPT_KINDS } from "#db/schema";
import { apiJson, HttpError } from "~/http/http.server";
import { findReceipt } from "~/models/receipts.server";
import { operation, resource } from "./resource.server";
import { DateTime, Whole, z } from "./schemas.server";

/** Checking a donor's receipt (issue 20 item 3), the /api twin of /receipts/{number}. */

const GenuineReceipt = z
  .object({
    number: z.string().openapi({ example: "SS-7K3F-9QX2-M" }),
    kind: z
      .enum(RECEIPT_KINDS)
      .openapi({ description: "`pool`: a gift to a campaign; `general`: to the site itself." }),
    pool: z
      .object({ id: Whole, name: z.string() })
      .strict()
      .nullable()
      .openapi({ description: "The campaign; null for a donation to the site." }),
    amount: Whole.openapi({ description: "Tugrik, as verified." }),
    confirmed_at: DateTime.nullable().openapi({ description: "When the gift was verified." }),
    issued_at: DateTime.openapi({ description: "When the receipt was issued." }),
  })
  .strict()
  .openapi("GenuineReceipt", {
    description: "A genuine receipt: what it is for, never who gave (no name, phone or codes).",
  });

export const receiptByNumber = resource(
  "/api/receipts/{number}",
  "Receipts",
  {},
  {
    GET: operation({
      summary: "Check a receipt",
      description:
        "Whether a donor's receipt with this number is genuine, and what it is for. The number " +
        "may be typed any way (small letters, no dashes, `O` for `0`); one that cannot be a " +
        "receipt number (its check character is wrong) or that no receipt has is a 404.",
      access: "public",
      sharedCache: true,
      responses: { 200: { description: "The receipt is genuine.", schema: GenuineReceipt } },
      handler: async ({ names }) => {
        const receipt = await findReceipt(names.number);
        if (!receipt) throw new HttpError(404, "receipts:errors.notFound");
        return apiJson({
          number: receipt.number,
          kind: receipt.kind,
          pool:
            receipt.pool_id !== null && receipt.pool_name !== null
              ? { id: receipt.pool_id, name: receipt.pool_name }
              : null,
          amount: receipt.amount,
          confirmed_at: receipt.confirmed_at,
          issued_at: receipt.issued_at,
        });
      },
    }),
  },
  { number: "The receipt's number, as printed on it (`SS-XXXX-XXXX-X`), in any letter case." },
);
