import { apiJson } from "~/http/http.server";
import {
  listMonthlyDonors,
  MONTHLY_FILTERS,
  MONTHLY_PAGE_SIZE,
  parseMonthlyFilter,
} from "~/models/monthly-admin.server";
import { operation, resource } from "./resource.server";
import { DateTime, pagingQuery, Whole, z } from "./schemas.server";

/** The administrators' list of monthly donors (issue 43): the donations tab's Monthly sub-tab. */

const Month = z
  .string()
  .regex(/^\d{4}-\d{2}$/)
  .openapi({ description: "A month in Ulaanbaatar, YYYY-MM." });

const MonthlyDonor = z
  .object({
    id: Whole,
    donor_name: z.string(),
    pool_id: Whole.nullable().openapi({ description: "null: a monthly gift to the site itself." }),
    pool_name: z.string().nullable(),
    amount: Whole.openapi({ description: "Promised each month, in tugrik." }),
    day_of_month: Whole.openapi({
      description: "1–31, Ulaanbaatar; a shorter month uses its last day.",
    }),
    method: z.enum(["standing_order", "reminder"]),
    status: z.enum(["active", "paused", "stopped"]),
    paused_until: Month.nullable().openapi({
      description: "While paused: the first month it gives again.",
    }),
    payment_code: z.string().openapi({ description: "The donor's own code (M + 6 digits)." }),
    created_at: DateTime,
    stopped_at: DateTime.nullable(),
    months_paid: z.array(Month).openapi({
      description: "Months with a verified gift, oldest first.",
    }),
    months_missed: z.array(Month).openapi({
      description:
        "Months recorded as missed, oldest first. The monthly run records them; a month with " +
        "no gift that it has not recorded is in neither list.",
    }),
  })
  .strict()
  .openapi("MonthlyDonor");

const Counts = z
  .object({ all: Whole, active: Whole, paused: Whole, stopped: Whole })
  .strict()
  .openapi({ description: "How many monthly gifts there are of each status." });

export const adminMonthlyCall = resource(
  "/api/admin/monthly",
  "Administration",
  {},
  {
    GET: operation({
      summary: "Monthly donors",
      description:
        "Every monthly gift, newest first, with its campaign (or the site), amount, day, method, " +
        "status, code and the months paid and missed; `status` keeps one status. The donations " +
        "tab's Monthly list shows the same.",
      access: "admin",
      query: {
        status: z
          .string()
          .optional()
          .openapi({ type: "string", enum: [...MONTHLY_FILTERS], default: "all" }),
        ...pagingQuery(MONTHLY_PAGE_SIZE, 100),
      },
      responses: {
        200: {
          description: "One page of monthly donors.",
          schema: z
            .object({
              status: z.enum(MONTHLY_FILTERS),
              counts: Counts,
              total: Whole.openapi({ description: "How many match `status`." }),
              page: Whole,
              page_count: Whole,
              items: z.array(MonthlyDonor),
            })
            .strict()
            .openapi("MonthlyDonors"),
        },
      },
      handler: async ({ query }) => {
        const list = await listMonthlyDonors(
          parseMonthlyFilter(query.status),
          query.page,
          query.pageSize,
        );
        return apiJson({
          status: list.filter,
          counts: list.counts,
          total: list.total,
          page: list.page,
          page_count: list.pageCount,
          items: list.items,
        });
      },
    }),
  },
);
