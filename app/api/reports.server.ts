import { REPORT_TARGETS } from "#db/schema";
import { REPORT_NOTE_MAX, REPORT_REASONS } from "~/constants";
import { apiJson } from "~/http/http.server";
import { totalHeaders } from "~/lib/paging";
import { decideReport, REPORT_ACTIONS } from "~/models/report-decisions.server";
import { reportOrigin } from "~/models/report-trust.server";
import { listReportedItems } from "~/models/reported-items.server";
import { reportItem } from "~/models/reports.server";
import { ReportSchema } from "~/schemas/report";
import { operation, resource } from "./resource.server";
import { DateTime, PAGING_HEADERS, pagingQuery, refused, Whole, z } from "./schemas.server";

/** Readers' reports of stories and comments, and the administrators' decisions (issue 18). */

const TAG = "Reports";

const NewReport = ReportSchema.innerType()
  .extend({
    note: z
      .string()
      .max(REPORT_NOTE_MAX)
      .nullable()
      .optional()
      .openapi({ description: "At most 500 characters; required when `reason` is `other`." }),
  })
  .openapi("NewReport");

const Report = z
  .object({
    id: Whole,
    target_type: z.enum(REPORT_TARGETS),
    target_id: Whole,
    reason: z.enum(REPORT_REASONS),
    created_at: DateTime,
  })
  .strict()
  .openapi("Report");

const ReportedItem = z
  .object({
    target_type: z.enum(REPORT_TARGETS),
    target_id: Whole,
    report_id: Whole.openapi({
      description: "The item's oldest open report: `PATCH /api/reports/{report_id}` decides.",
    }),
    open_reports: Whole,
    first_reported_at: DateTime,
    exists: z.boolean().openapi({ description: "False when the item was deleted meanwhile." }),
    story_id: Whole.nullable(),
    story_title: z.string().nullable(),
    content: z.string().nullable().openapi({ description: "A comment's text." }),
    state: z.string().openapi({
      description:
        "`published`, `held` (taken back to review by readers' reports), `hidden`, `pending`, " +
        "`rejected` or `gone`.",
    }),
    weight: Whole.openapi({
      description:
        "What the open reports count toward hiding the item, in halves of a report: each " +
        "reporter's trust, one report per browser and per address.",
    }),
    weight_to_hide: Whole.openapi({
      description: "The weight at which reports take the item out of sight by themselves.",
    }),
    author: z
      .object({
        id: z.string().nullable(),
        username: z.string().nullable(),
        suspended_until: DateTime.nullable(),
      })
      .strict(),
    reports: z.array(
      z
        .object({
          id: Whole,
          reason: z.string(),
          note: z.string().nullable(),
          reporter: z.string().nullable(),
          created_at: DateTime,
          weight: Whole.openapi({
            description:
              "The reporter's trust when they reported: 0 (a new account, or one with neither " +
              "a confirmed address nor anything published), 1 (half a report) or 2 (a whole one).",
          }),
          counted: z.boolean().openapi({
            description:
              "Whether it counts in `weight`: not when it weighs nothing or another report " +
              "from its browser or address counts.",
          }),
        })
        .strict(),
    ),
  })
  .strict()
  .openapi("ReportedItem");

const Decision = z
  .object({
    action: z.enum(REPORT_ACTIONS),
    suspend_days: z
      .union([z.literal(1), z.literal(7), z.literal(30), z.null()])
      .optional()
      .openapi({ description: "Required for `suspend`: 1, 7 or 30 days, or null for good." }),
    hide: z.boolean().optional().openapi({ description: "For `suspend`: also hide the item." }),
  })
  .openapi("ReportDecision");

export const reportCollection = resource(
  "/api/reports",
  TAG,
  {},
  {
    GET: operation({
      summary: "Reported items",
      description:
        "Items with open reports, grouped: the most reported first, then the oldest. Past the " +
        "last page the list is empty.",
      access: "admin",
      query: pagingQuery(10),
      responses: {
        200: {
          description: "One page of reported items.",
          schema: z.array(ReportedItem),
          headers: PAGING_HEADERS,
        },
      },
      handler: async ({ query }) => {
        const result = await listReportedItems(query.page, query.pageSize);
        return apiJson(result.items, { headers: totalHeaders(result.total, result.pageCount) });
      },
    }),
    POST: operation({
      summary: "Report a story or a comment",
      description:
        "As the signed-in user: a published story or a visible comment, not one's own, once per " +
        "item. Each report counts its reporter's trust (account age, a confirmed address, " +
        "something published), once per browser and address; when enough count, the item is " +
        "taken out of sight until an administrator decides. Reports from new accounts only " +
        "wait for an administrator.",
      access: "user",
      body: NewReport,
      responses: {
        201: {
          description: "Reported.",
          schema: Report,
          headers: {
            "Set-Cookie": {
              description: "The device cookie, when the browser had none: one browser counts once.",
              schema: z.string(),
            },
          },
        },
        409: refused("The caller has reported this item already."),
        429: refused("Too many reports in an hour; see `Retry-After`."),
      },
      handler: async ({ request, user, body }) => {
        const { origin, cookie } = await reportOrigin(request);
        const headers = cookie ? { "Set-Cookie": cookie } : undefined;
        return apiJson(await reportItem(user, body, origin), { status: 201, headers });
      },
    }),
  },
);

export const reportById = resource(
  "/api/reports/{id}",
  TAG,
  { id: "admin:reports.errors.notFound" },
  {
    PATCH: operation({
      summary: "Decide on a reported item",
      description:
        "`{id}` is any open report of the item (`report_id` in the list). The action applies to " +
        "the item and resolves all its open reports: `hide` (kept for the record, seen by no " +
        "one else; a story is rejected as reported, and its author may edit and send it again), " +
        "`delete`, `dismiss` (the item stays, or is shown again if readers' reports hid it), " +
        "`suspend` the author (`suspend_days`, optionally `hide`). Recorded in the activity log.",
      access: "admin",
      body: Decision,
      responses: {
        200: {
          description: "Decided.",
          schema: z
            .object({
              id: Whole,
              target_type: z.enum(REPORT_TARGETS),
              target_id: Whole,
              action: z.enum(REPORT_ACTIONS),
              resolved: Whole.openapi({ description: "How many open reports were resolved." }),
            })
            .strict(),
        },
        409: refused("Decided already, or the item is gone."),
      },
      handler: async ({ ids, user, body }) => apiJson(await decideReport(ids.id, user, body)),
    }),
  },
);
