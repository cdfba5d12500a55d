import { DONATION_STATUSES } from "#db/schema";
import { apiJson, readJson } from "~/http/http.server";
import { createGeneralDonation, createPledge } from "~/models/donation-create.server";
import { decideGeneralDonation, decidePoolDonation } from "~/models/donation-decide.server";
import { listPendingForReview } from "~/models/donation-lists.server";
import { GeneralDonationSchema, PledgeSchema } from "~/schemas/donation";
import { VerifyPaymentSchema } from "~/schemas/moderation";
import { receiptJson } from "~/screens/donations/donation-form.server";
import { qpayField, withInvoice } from "./qpay-invoice.server";
import { operation, patchOrPost, resource } from "./resource.server";
import { DateTime, refused, Whole, z } from "./schemas.server";

/** Pledges to campaigns, donations to the site, and an administrator's decisions on them. */

const TAG = "Donations";

const Receipt = z
  .object({
    id: Whole,
    pool_id: Whole.nullable().openapi({ description: "null for a donation to the site." }),
    amount: Whole,
    transaction_reference: z.string(),
    payment_code: z.string().openapi({
      description: "What the donor types into the transfer's description, so it can be matched.",
    }),
    status: z.literal("pending"),
    status_url: z.string().openapi({ description: "The donor's own page for this gift." }),
    ...qpayField,
  })
  .strict()
  .openapi("PledgeReceipt");

const PendingPledge = z
  .object({
    id: Whole,
    pool_id: Whole,
    pool_name: z.string(),
    donor_name: z.string(),
    phone_number: z.string(),
    amount: Whole,
    transaction_reference: z.string().nullable(),
    payment_code: z.string().nullable().openapi({
      description: "The code the donor was asked to type into the transfer (X…).",
    }),
    donation_date: DateTime,
    message: z.string().nullable(),
  })
  .strict()
  .openapi("PendingPledge");

const TOO_MANY = refused("Too many pledges from this address; see `Retry-After`.");

export const poolPledges = resource(
  "/api/donation-pools/{id}/donations",
  TAG,
  { id: "donate:errors.poolNotFound" },
  {
    POST: operation({
      summary: "Pledge to a campaign",
      description:
        "By anyone, no account needed. Then transfer the amount with `payment_code` in the " +
        "transfer's description; an administrator verifies it against the bank statement.",
      access: "public",
      rawBody: { content: { "application/json": PledgeSchema } },
      responses: {
        201: { description: "Recorded, pending the transfer.", schema: Receipt },
        409: refused("The campaign no longer takes pledges."),
        429: TOO_MANY,
      },
      handler: async ({ request, ids }) => {
        const receipt = await createPledge(ids.id, await readJson(request), request);
        const qpay = await withInvoice({ kind: "pool", id: receipt.id }, request);
        return apiJson({ ...receiptJson(receipt, request), ...qpay }, { status: 201 });
      },
    }),
  },
);

export const siteDonations = resource(
  "/api/donations",
  TAG,
  {},
  {
    POST: operation({
      summary: "Donate to the site",
      description:
        "Like a pledge, to StoryShare itself: at least 1,000 ₮, with the bank it came from.",
      access: "public",
      rawBody: { content: { "application/json": GeneralDonationSchema } },
      responses: {
        201: { description: "Recorded, pending the transfer.", schema: Receipt },
        429: TOO_MANY,
      },
      handler: async ({ request }) => {
        const receipt = await createGeneralDonation(await readJson(request), request);
        const qpay = await withInvoice({ kind: "general", id: receipt.id }, request);
        return apiJson({ ...receiptJson(receipt, request), ...qpay }, { status: 201 });
      },
    }),
  },
);

export const pendingPledges = resource(
  "/api/donation-pools/pending-donations",
  TAG,
  {},
  {
    GET: operation({
      summary: "Pledges awaiting verification",
      description: "Every campaign's, oldest first.",
      access: "admin",
      responses: {
        200: {
          description: "The pending pledges.",
          schema: z.array(PendingPledge),
          headers: { "X-Total-Count": { description: "How many.", schema: Whole } },
        },
      },
      handler: async () => {
        const { items } = await listPendingForReview(Number.MAX_SAFE_INTEGER, "pool");
        const pledges = items.map(({ kind, bank_name, ...pledge }) => pledge);
        return apiJson(pledges, { headers: { "X-Total-Count": String(pledges.length) } });
      },
    }),
  },
);

const ALREADY = refused("Already verified or rejected: decided exactly once.");

/** A verification may say what arrived (issue 41 item 3), as a story payment's may. */
const RECEIVED_BODY = {
  content: { "application/json": VerifyPaymentSchema.partial() },
  required: false,
} as const;

const Pledged = Whole.optional().openapi({
  description: "What was pledged, when the amount that arrived (`amount`) differs.",
});

/** `amount_received` from a verification's optional JSON body; undefined when there is none. */
async function receivedFrom(request: Request) {
  if (!request.headers.get("content-type")) return undefined;
  const body = (await readJson(request)) as { amount_received?: unknown } | null;
  return body?.amount_received ?? undefined;
}

function pledgeDecision(decision: "verified" | "rejected") {
  return resource(
    `/api/donation-pools/{id}/donations/{donationId}/${decision === "verified" ? "verify" : "reject"}`,
    TAG,
    { id: "pools:errors.notFound", donationId: "donate:errors.donationNotFound" },
    patchOrPost(
      operation<"id" | "donationId", "admin">({
        summary: decision === "verified" ? "Verify a pledge" : "Reject a pledge",
        description:
          decision === "verified"
            ? "Adds its amount to the campaign's total, in the same write. Optionally " +
              "`{ amount_received }`: what the bank statement shows, in whole tugrik; the pledge " +
              "then records that amount, and the total grows by it."
            : "The campaign's total does not change.",
        access: "admin",
        ...(decision === "verified" ? { rawBody: RECEIVED_BODY } : {}),
        responses: {
          200: {
            description: "Decided.",
            schema: z
              .object({
                id: Whole,
                pool_id: Whole,
                status: z.enum(DONATION_STATUSES),
                amount: Whole,
                pledged: Pledged,
              })
              .strict(),
          },
          409: ALREADY,
        },
        handler: async ({ request, ids, user }) => {
          const received = decision === "verified" ? await receivedFrom(request) : undefined;
          return apiJson(
            await decidePoolDonation(
              ids.id,
              ids.donationId,
              decision,
              user,
              undefined,
              undefined,
              received,
            ),
          );
        },
      }),
    ),
  );
}

function donationDecision(decision: "verified" | "rejected") {
  return resource(
    `/api/donations/{id}/${decision === "verified" ? "verify" : "reject"}`,
    TAG,
    { id: "donate:errors.donationNotFound" },
    patchOrPost(
      operation<"id", "admin">({
        summary: decision === "verified" ? "Verify a site donation" : "Reject a site donation",
        ...(decision === "verified"
          ? {
              description:
                "Optionally `{ amount_received }`: what the bank statement shows, in whole " +
                "tugrik; the donation then records that amount.",
              rawBody: RECEIVED_BODY,
            }
          : {}),
        access: "admin",
        responses: {
          200: {
            description: "Decided.",
            schema: z
              .object({
                id: Whole,
                status: z.enum(DONATION_STATUSES),
                amount: Whole.optional().openapi({ description: "What arrived, when given." }),
                pledged: Pledged,
              })
              .strict(),
          },
          409: ALREADY,
        },
        handler: async ({ request, ids, user }) => {
          const received = decision === "verified" ? await receivedFrom(request) : undefined;
          return apiJson(
            await decideGeneralDonation(ids.id, decision, user, undefined, undefined, received),
          );
        },
      }),
    ),
  );
}

export const verifyPledge = pledgeDecision("verified");
export const rejectPledge = pledgeDecision("rejected");
export const verifyDonation = donationDecision("verified");
export const rejectDonation = donationDecision("rejected");
