import { apiJson } from "~/http/http.server";
import {
  adminOverview,
  type OverviewSeries,
  type SeriesKey,
  type WaitKey,
} from "~/models/admin-overview.server";
import { operation, resource } from "./resource.server";
import { Whole, z } from "./schemas.server";

/** The administrators' overview (issue 42 item 5): what waits, and the last 90 days. */

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .openapi({ description: "A day in Ulaanbaatar, YYYY-MM-DD." });

const Link = z.string().openapi({ description: "The admin page where it is worked on." });

const Waiting = z.object({ count: Whole, link: Link }).strict().openapi("OverviewWaiting");

const MoneyDay = z.object({ day: Day, count: Whole, amount: Whole }).strict();
const CountDay = z.object({ day: Day, count: Whole }).strict();

const MoneySeries = z
  .object({
    count: Whole.openapi({ description: "Over the 90 days." }),
    amount: Whole.openapi({ description: "Whole tugrik, over the 90 days." }),
    link: Link,
    per_day: z.array(MoneyDay).openapi({ description: "90 days, oldest first, today last." }),
  })
  .strict()
  .openapi("OverviewMoneySeries");

const CountSeries = z
  .object({
    count: Whole.openapi({ description: "Over the 90 days." }),
    link: Link.nullable().openapi({ description: "The admin page to look into it; null: none." }),
    per_day: z.array(CountDay).openapi({ description: "90 days, oldest first, today last." }),
  })
  .strict()
  .openapi("OverviewCountSeries");

const Overview = z
  .object({
    waiting: z
      .object({
        approvals: Waiting.openapi({
          description: "Stories waiting for approval, authors' edits and held comments.",
        }),
        featured_payments: Waiting.openapi({
          description: "Featured stories whose payment is not yet verified.",
        }),
        pending_gifts: Waiting.openapi({
          description: "Campaign pledges and gifts to the site waiting for verification.",
        }),
        open_reports: Waiting.openapi({ description: "Reported items not yet decided." }),
        failed_messages: Waiting.openapi({
          description: "E-mails and text messages that failed, or were given up after retries.",
        }),
      })
      .strict(),
    from: Day.openapi({ description: "The first of the 90 days." }),
    to: Day.openapi({ description: "Today in Ulaanbaatar, the last of the 90 days." }),
    series: z
      .object({
        gifts_confirmed: MoneySeries.openapi({
          description:
            "Pledges and gifts to the site, on the day they were verified, with their sum.",
        }),
        pledges_waiting: MoneySeries.openapi({
          description: "Pledges and gifts to the site still waiting, on the day they were made.",
        }),
        new_stories: CountSeries.openapi({ description: "Stories sent, on the day sent." }),
        new_accounts: CountSeries.openapi({ description: "Accounts made, on the day made." }),
        reads: CountSeries.openapi({
          description: "Story reads: a visitor counted once a story a day (decision 061).",
        }),
      })
      .strict(),
  })
  .strict()
  .openapi("AdminOverview");

const WAIT_NAMES: Record<WaitKey, string> = {
  approvals: "approvals",
  payments: "featured_payments",
  gifts: "pending_gifts",
  reports: "open_reports",
  messages: "failed_messages",
};

const SERIES_NAMES: Record<SeriesKey, string> = {
  giftsConfirmed: "gifts_confirmed",
  pledgesWaiting: "pledges_waiting",
  newStories: "new_stories",
  newAccounts: "new_accounts",
  reads: "reads",
};

function seriesJson(s: OverviewSeries) {
  if (s.amount === null) {
    return {
      count: s.count,
      link: s.href,
      per_day: s.perDay.map((d) => ({ day: d.day, count: d.count })),
    };
  }
  return {
    count: s.count,
    amount: s.amount,
    link: s.href,
    per_day: s.perDay.map((d) => ({ day: d.day, count: d.count, amount: d.amount ?? 0 })),
  };
}

export const adminOverviewCall = resource(
  "/api/admin/overview",
  "Administration",
  {},
  {
    GET: operation({
      summary: "The administrators' overview",
      description:
        "What waits for an administrator, each with the admin page where it is worked on, and " +
        "per-day figures of the last 90 Ulaanbaatar days: gifts confirmed and their sum, pledges " +
        "still waiting, new stories, new accounts and reads. The /admin page shows the same.",
      access: "admin",
      responses: { 200: { description: "The overview.", schema: Overview } },
      handler: async () => {
        const o = await adminOverview();
        return apiJson({
          waiting: Object.fromEntries(
            o.waits.map((w) => [WAIT_NAMES[w.key], { count: w.count, link: w.href }]),
          ),
          from: o.from,
          to: o.to,
          series: Object.fromEntries(o.series.map((s) => [SERIES_NAMES[s.key], seriesJson(s)])),
        });
      },
    }),
  },
);
