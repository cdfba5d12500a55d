import { apiJson, HttpError } from "~/http/http.server";
import { totalHeaders } from "~/lib/paging";
import { givingTotals } from "~/models/giving-totals.server";
import { LEDGER_PAGE_SIZE, poolLedger } from "~/models/ledger.server";
import { operation, resource } from "./resource.server";
import { DateTime, PAGING_HEADERS, pagingQuery, Whole, z } from "./schemas.server";

/** A campaign's public ledger and the site's giving totals (issue 20, decision 034). */

const TAG = "Campaigns";

const Totals = z
  .object({
    verified_amount: Whole.openapi({ description: "The sum of the verified gifts, in tugrik." }),
    verified_count: Whole,
    pending_amount: Whole.openapi({ description: "Pledged, not yet verified: not counted." }),
    pending_count: Whole,
    rejected_count: Whole,
    spent_amount: Whole.openapi({ description: "The sum of the expenses its updates report." }),
    spent_count: Whole,
    pool_total: Whole.openapi({
      description: "The campaign's total as shown everywhere; equal to `verified_amount`.",
    }),
  })
  .strict()
  .openapi("LedgerTotals");

const Line = z
  .object({
    kind: z.enum(["gift", "spending"]),
    id: Whole.openapi({ description: "The pledge's id (a gift) or the update's id (spending)." }),
    date: DateTime.openapi({ description: "When the gift was pledged, or the update posted." }),
    amount: Whole,
    donor_name: z
      .string()
      .nullable()
      .openapi({ description: "null: an anonymous donor, or an expense." }),
    statement_date: z.string().nullable().openapi({
      description: "A gift matched to a bank statement: that line's booking day (YYYY-MM-DD).",
    }),
    qpay_paid_at: DateTime.nullable().openapi({
      description: "A gift paid and confirmed through QPay: when QPay says it was paid.",
    }),
    gift_month: z.string().nullable().openapi({
      description:
        "A month of a monthly gift: that month (YYYY-MM, Ulaanbaatar). null: a one-off gift, or spending.",
    }),
    confirmed_at: DateTime.nullable().openapi({ description: "When a gift was verified." }),
    spent_on_mn: z.string().nullable(),
    spent_on_en: z.string().nullable(),
  })
  .strict()
  .openapi("LedgerLine");

export const poolLedgerCall = resource(
  "/api/donation-pools/{id}/ledger",
  TAG,
  { id: "pools:errors.notFound" },
  {
    GET: operation({
      summary: "A campaign's ledger",
      description:
        "Its totals, and one page of its verified gifts and reported expenses, newest first. " +
        "Donors who chose not to be shown are anonymous; no phone numbers or references.",
      access: "public",
      sharedCache: true,
      query: pagingQuery(LEDGER_PAGE_SIZE, 100),
      responses: {
        200: {
          description: "The totals and one page of lines.",
          schema: z
            .object({
              pool: z.object({ id: Whole, name: z.string() }).strict(),
              totals: Totals,
              lines: z.array(Line),
            })
            .strict(),
          headers: PAGING_HEADERS,
        },
      },
      handler: async ({ ids, query }) => {
        const ledger = await poolLedger(ids.id, query.page, query.pageSize);
        if (!ledger) throw new HttpError(404, "pools:errors.notFound");
        return apiJson(
          {
            pool: { id: ledger.pool.id, name: ledger.pool.name },
            totals: ledger.totals,
            lines: ledger.page === query.page ? ledger.lines : [],
          },
          { headers: totalHeaders(ledger.total, ledger.pageCount) },
        );
      },
    }),
  },
);

export const givingTotalsCall = resource(
  "/api/donation-pools/totals",
  TAG,
  {},
  {
    GET: operation({
      summary: "What all the campaigns have raised",
      description:
        "The sum of every campaign's verified gifts, their number, and the share of the money " +
        "pledged and not turned down that has been confirmed. Kept for up to 30 seconds.",
      access: "public",
      sharedCache: true,
      responses: {
        200: {
          description: "The totals.",
          schema: z
            .object({
              raised: Whole,
              gifts: Whole,
              pending: Whole,
              confirmed_share: Whole.openapi({ description: "Percent, rounded down." }),
            })
            .strict()
            .openapi("GivingTotals"),
        },
      },
      handler: async () => apiJson(await givingTotals()),
    }),
  },
);
