import { apiJson } from "~/http/http.server";
import { totalHeaders } from "~/lib/paging";
import {
  createPoolFromRequest,
  POOL_BODY_LIMIT,
  POOL_JSON_LIMIT,
} from "~/models/pool-create.server";
import { listPoolSummaries, listPoolsJson } from "~/models/pools.server";
import { PoolSchema } from "~/schemas/pool";
import { PoolCard, PoolFields } from "./pools.server";
import { operation, resource } from "./resource.server";
import { PAGING_HEADERS, pagingQuery, refused, z } from "./schemas.server";

/** The list of campaigns, and a new one (spec 01 §7, 02 §7). */

const TAG = "Campaigns";
const LIST_PAGE_SIZE = 9;

const photo = (description: string) => z.string().nullable().optional().openapi({ description });

const NewCampaignJson = PoolSchema.extend({
  photo_1: photo("`data:image/…;base64,…`, at most 20 MB; fitted to 1200×800."),
  photo_2: photo("As `photo_1`."),
  photo_3: photo("As `photo_1`."),
  video_url: photo("`data:video/mp4;base64,…` or WebM, at most 100 MB and 2 minutes."),
}).openapi("NewCampaign", {
  description:
    "`ends_on`: the last day of pledges (YYYY-MM-DD, Ulaanbaatar), not in the past; none if empty.",
});

const file = (description: string) =>
  z.string().optional().openapi({ type: "string", format: "binary", description });

const NewCampaignForm = PoolSchema.extend({
  photo_1: file("A photo, at most 20 MB."),
  photo_2: file("As `photo_1`."),
  photo_3: file("As `photo_1`."),
  video_url: file("An MP4 or WebM video, at most 100 MB and 2 minutes."),
}).openapi("NewCampaignForm");

export const poolCollection = resource(
  "/api/donation-pools",
  TAG,
  {},
  {
    GET: operation({
      summary: "Campaigns",
      description:
        "Every campaign with its fields: active, then completed, then archived, newest first in " +
        "each. With `summary=true` (the home page's cards): the active and completed ones as " +
        "cards, at most `limit` (default 9, at most 50), on one page.",
      access: "public",
      sharedCache: true,
      sameForMembers: true,
      query: {
        summary: z
          .string()
          .optional()
          .openapi({ type: "string", enum: ["true"], description: "Cards, not full campaigns." }),
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .catch(9)
          .default(9)
          .openapi({ type: "integer", minimum: 1, maximum: 50, default: 9 }),
        ...pagingQuery(LIST_PAGE_SIZE),
      },
      responses: {
        200: {
          description: "One page of campaigns, or the cards.",
          schema: z.union([z.array(PoolFields), z.array(PoolCard)]),
          headers: PAGING_HEADERS,
        },
      },
      handler: async ({ query }) => {
        if (query.summary === "true") {
          const cards = await listPoolSummaries(query.limit);
          return apiJson(cards, { headers: totalHeaders(cards.length, 1) });
        }
        const { items, total, pageCount } = await listPoolsJson(query.page, query.pageSize);
        return apiJson(items, { headers: totalHeaders(total, pageCount) });
      },
    }),
    POST: operation({
      summary: "Create a campaign",
      description:
        "The text is checked first (400 with `fieldErrors`), then each file by its content; a " +
        "refused request stores nothing. Recorded in the activity log.",
      access: "admin",
      rawBody: {
        content: {
          "application/json": NewCampaignJson,
          "multipart/form-data": NewCampaignForm,
        },
      },
      bodyLimit: { json: POOL_JSON_LIMIT, multipart: POOL_BODY_LIMIT },
      responses: {
        201: {
          description: "Created.",
          schema: PoolFields,
          headers: {
            Location: { description: "The new campaign's address.", schema: z.string() },
          },
        },
        413: refused("The body, or a file in it, is too large."),
        415: refused("The body's type is not taken, or a file is not an image or video."),
        422: refused("The video is longer than 2 minutes."),
      },
      handler: async ({ request, user }) => {
        const pool = await createPoolFromRequest(user, request);
        return apiJson(pool, {
          status: 201,
          headers: { Location: `/api/donation-pools/${pool.id}` },
        });
      },
    }),
  },
);
