import { apiJson, HttpError } from "~/http/http.server";
import { poolSeries } from "~/models/pool-series.server";
import { operation, resource } from "./resource.server";
import { Whole, z } from "./schemas.server";

/** A campaign's money over time (issue 42 item 4): the series its ledger's chart draws. */

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .openapi({ description: "A day in Ulaanbaatar, YYYY-MM-DD." });

const PoolStats = z
  .object({
    pool: z.object({ id: Whole, name: z.string(), goal_amount: Whole }).strict(),
    days: z
      .array(
        z
          .object({
            day: Day,
            verified: Whole.openapi({
              description: "The verified gifts up to this day, each from the day it was verified.",
            }),
            with_pending: Whole.openapi({
              description:
                "`verified` plus the pledges still waiting that were made by this day " +
                "(promises, not money the campaign has).",
            }),
          })
          .strict(),
      )
      .openapi({
        description:
          "Running totals, oldest first: the campaign's first day, each day something changed, " +
          "and today while it runs. The last day equals the ledger's totals.",
      }),
    spending: z
      .array(
        z
          .object({
            update_id: Whole,
            day: Day,
            amount: Whole,
            spent_on_mn: z.string(),
            spent_on_en: z.string().nullable(),
          })
          .strict(),
      )
      .openapi({ description: "Amounts its updates report as spent, oldest first." }),
    totals: z
      .object({ verified_amount: Whole, pending_amount: Whole, spent_amount: Whole })
      .strict()
      .openapi({ description: "The ledger's totals (GET /api/donation-pools/{id}/ledger)." }),
  })
  .strict()
  .openapi("PoolStats");

export const poolStatsCall = resource(
  "/api/donation-pools/{id}/stats",
  "Campaigns",
  { id: "pools:errors.notFound" },
  {
    GET: operation({
      summary: "A campaign's money over time",
      description:
        "Verified gifts and pledges still waiting as running totals per day, the goal, and the " +
        "spending its updates report: what the ledger's chart draws. Public, like the ledger.",
      access: "public",
      sharedCache: true,
      responses: { 200: { description: "The series.", schema: PoolStats } },
      handler: async ({ ids }) => {
        const series = await poolSeries(ids.id);
        if (!series) throw new HttpError(404, "pools:errors.notFound");
        return apiJson(series);
      },
    }),
  },
);
