import { POOL_STATUSES } from "#db/schema";
import { apiJson, HttpError, readJson } from "~/http/http.server";
import { totalHeaders } from "~/lib/paging";
import { PoolStatusInput, setPoolStatus } from "~/models/pool-admin.server";
import { updatePool } from "~/models/pool-create.server";
import { getPoolDetail, listPoolsPage, poolExists, recentDonations } from "~/models/pools.server";
import { PoolSchema } from "~/schemas/pool";
import { operation, patchOrPost, resource } from "./resource.server";
import { DateTime, PAGING_HEADERS, pagingQuery, Whole, z } from "./schemas.server";

/** Donation campaigns (spec 01 §7, 02 §7). */

const TAG = "Campaigns";
const RECENT_ON_DETAIL = 10;

export const PoolFields = z
  .object({
    id: Whole,
    name: z.string(),
    description: z.string(),
    goal_amount: Whole,
    current_amount: Whole.openapi({ description: "The verified gifts, in tugrik." }),
    progress: Whole.openapi({ description: "Percent of the goal, at most 100." }),
    created_at: DateTime,
    photo_1: z.string().nullable(),
    photo_2: z.string().nullable(),
    photo_3: z.string().nullable(),
    video_url: z.string().nullable(),
    has_photo_1: z.boolean(),
    has_media: z.boolean(),
    has_video: z.boolean(),
    status: z.enum(POOL_STATUSES),
    ends_on: z
      .string()
      .nullable()
      .openapi({ description: "The last day of pledges (Ulaanbaatar), YYYY-MM-DD; null: none." }),
    bank_name: z.string(),
    bank_account: z.string(),
    account_name: z.string(),
  })
  .strict()
  .openapi("Campaign");

const Detail = PoolFields.extend({
  ended: z.boolean().openapi({ description: "Its last day has passed: it takes no pledges." }),
});

const RecentDonation = z
  .object({
    id: Whole,
    donor_name: z
      .string()
      .nullable()
      .openapi({ description: "null: the donor chose not to be shown." }),
    amount: Whole,
    message: z.string().nullable(),
    donation_date: DateTime,
  })
  .strict()
  .openapi("RecentDonation");

/** A campaign as its card shows it. */
export const PoolCard = z
  .object({
    id: Whole,
    name: z.string(),
    description: z.string(),
    goal_amount: Whole,
    current_amount: Whole,
    progress: Whole,
    created_at: DateTime,
    status: z.enum(POOL_STATUSES),
    ends_on: z.string().nullable(),
    photo_1: z.string().nullable(),
    photo_1_thumbnail: z.string().nullable(),
    has_photo_1: z.boolean(),
    has_media: z.boolean(),
    has_video: z.boolean(),
  })
  .strict()
  .openapi("CampaignCard");

const Detailed = Detail.extend({
  pledged_amount: Whole.openapi({ description: "Pledged, not yet verified." }),
  pledged_progress: Whole,
  donors_count: Whole,
  monthly_givers: Whole.openapi({
    description: "How many people give to it every month (active monthly gifts).",
  }),
  monthly_amount: Whole.openapi({
    description:
      "What they promise each month, in tugrik: not in `current_amount` until each month's gift is verified.",
  }),
  photos: z.array(
    z.object({ url: z.string(), thumbnail_url: z.string(), width: Whole, height: Whole }).strict(),
  ),
  recent_donations: z.array(RecentDonation),
}).strict();

export const poolById = resource(
  "/api/donation-pools/{id}",
  TAG,
  { id: "pools:errors.notFound" },
  {
    GET: operation({
      summary: "One campaign",
      description:
        "`?detailed=true` (the campaign page's call) adds the photos with their sizes, the money " +
        "pledged but not yet verified, the count of verified gifts, the monthly givers and what " +
        "they promise each month, and the recent donations.",
      access: "public",
      query: {
        detailed: z
          .string()
          .optional()
          .openapi({ type: "string", enum: ["true"], description: "Add the page's details." }),
      },
      responses: {
        200: { description: "The campaign.", schema: z.union([Detailed, Detail]) },
      },
      handler: async ({ ids, query }) => {
        const detailed = query.detailed === "true";
        const [pool, recent] = await Promise.all([
          getPoolDetail(ids.id),
          detailed ? recentDonations(ids.id, RECENT_ON_DETAIL) : Promise.resolve(null),
        ]);
        if (!pool) throw new HttpError(404, "pools:errors.notFound");
        const {
          photos,
          pledged_amount,
          pledged_progress,
          donors_count,
          monthly_givers,
          monthly_amount,
          ...fields
        } = pool;
        if (!detailed) return apiJson(fields);
        return apiJson({
          ...fields,
          pledged_amount,
          pledged_progress,
          donors_count,
          monthly_givers,
          monthly_amount,
          photos,
          recent_donations: recent,
        });
      },
    }),
    PATCH: operation({
      summary: "Change a campaign",
      description:
        "Its text, goal, bank details and last day (`ends_on`, YYYY-MM-DD or empty for none; not " +
        "in the past unless unchanged), checked as at creation; its photos and video stay as they " +
        "are (the screen changes those). Recorded in the activity log with what changed.",
      access: "admin",
      rawBody: { content: { "application/json": PoolSchema } },
      responses: { 200: { description: "The campaign as saved.", schema: PoolFields } },
      handler: async ({ request, ids, user }) =>
        apiJson(await updatePool(user, ids.id, await readJson(request))),
    }),
  },
);

const ID = { id: "pools:errors.notFound" } as const;

export const recentPoolDonations = resource("/api/donation-pools/{id}/recent-donations", TAG, ID, {
  GET: operation({
    summary: "A campaign's recent donors",
    description: "Verified, not hidden, newest first.",
    access: "public",
    query: {
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .catch(10)
        .default(10)
        .transform((n) => Math.min(n, 50))
        .openapi({ type: "integer", minimum: 1, maximum: 50, default: 10 }),
    },
    responses: { 200: { description: "The recent donations.", schema: z.array(RecentDonation) } },
    handler: async ({ ids, query }) => {
      if (!(await poolExists(ids.id))) throw new HttpError(404, "pools:errors.notFound");
      return apiJson(await recentDonations(ids.id, query.limit));
    },
  }),
});

const changeStatus = operation<"id", "admin", undefined, typeof PoolStatusInput>({
  summary: "Change a campaign's status",
  description:
    "`active`, `completed` or `archived`, from any status; recorded in the activity log.",
  access: "admin",
  body: PoolStatusInput.openapi("CampaignStatus"),
  responses: {
    200: {
      description: "The status now.",
      schema: z.object({ id: Whole, status: z.enum(POOL_STATUSES) }).strict(),
    },
  },
  handler: async ({ ids, user, body }) => apiJson(await setPoolStatus(ids.id, body.status, user)),
});

export const poolStatus = resource("/api/donation-pools/{id}/status", TAG, ID, {
  ...patchOrPost(changeStatus),
});

export const allPools = resource(
  "/api/donation-pools/all",
  TAG,
  {},
  {
    GET: operation({
      summary: "Every campaign",
      description: "Archived ones included: active first, then completed, then archived.",
      access: "admin",
      query: pagingQuery(50, 100),
      responses: {
        200: {
          description: "One page of campaigns.",
          schema: z.array(PoolCard),
          headers: PAGING_HEADERS,
        },
      },
      handler: async ({ query }) => {
        const result = await listPoolsPage(query.page, query.pageSize);
        return apiJson(result.items, { headers: totalHeaders(result.total, result.pageCount) });
      },
    }),
  },
);
