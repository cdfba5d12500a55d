import { apiJson, HttpError } from "~/http/http.server";
import {
  readUpdateRequest,
  UPDATE_BODY_LIMIT,
  UPDATE_JSON_LIMIT,
} from "~/models/pool-update-upload.server";
import { closePool, deleteUpdate, listUpdates, postUpdate } from "~/models/pool-updates.server";
import { poolExists } from "~/models/pools.server";
import { PoolUpdateSchema } from "~/schemas/pool-update";
import { operation, resource } from "./resource.server";
import { DateTime, refused, Whole, z } from "./schemas.server";

/** A campaign's updates and its final report (issue 20, decision 035). */

const TAG = "Campaigns";
const ID = { id: "pools:errors.notFound" } as const;

const Picture = z
  .object({ url: z.string(), thumbnail_url: z.string(), width: Whole, height: Whole })
  .strict();

const CampaignUpdate = z
  .object({
    id: Whole,
    pool_id: Whole,
    body_mn: z.string(),
    body_en: z.string().nullable().openapi({ description: "null: readers see the Mongolian." }),
    spent_amount: Whole.nullable().openapi({ description: "Tugrik spent, or null." }),
    spent_on_mn: z.string().nullable(),
    spent_on_en: z.string().nullable(),
    is_final: z.boolean().openapi({ description: "The final report, which closed the campaign." }),
    raised_at_close: Whole.nullable().openapi({
      description: "The final report's: what the campaign had raised when it closed.",
    }),
    created_at: DateTime,
    photos: z.array(Picture),
    receipts: z.array(Picture).openapi({ description: "Pictures of receipts for the spending." }),
  })
  .strict()
  .openapi("CampaignUpdate");

const picturesJson = (what: string) =>
  z
    .array(z.string())
    .max(6)
    .optional()
    .openapi({
      description: `Up to 6 ${what} as \`data:image/…;base64,…\` strings, each at most 20 MB; fitted to 1200×800.`,
    });

const picturesForm = (what: string) =>
  z
    .array(z.string().openapi({ type: "string", format: "binary" }))
    .max(6)
    .optional()
    .openapi({ description: `Up to 6 ${what}, each at most 20 MB.` });

const UpdateJson = PoolUpdateSchema.innerType()
  .extend({ photos: picturesJson("photos"), receipts: picturesJson("receipt pictures") })
  .openapi("NewCampaignUpdate", {
    description:
      "`body_mn` 10–5,000 characters, `body_en` optional; `spent_amount` (whole tugrik, 1 to " +
      "10 billion) needs `spent_on_mn` (at most 200 characters).",
  });

const UpdateForm = PoolUpdateSchema.innerType()
  .extend({ photos: picturesForm("photos"), receipts: picturesForm("receipt pictures") })
  .openapi("NewCampaignUpdateForm");

const rawBody = {
  content: { "application/json": UpdateJson, "multipart/form-data": UpdateForm },
};

const fileRefusals = {
  409: refused("The campaign is archived."),
  413: refused("The body, or a picture in it, is too large."),
  415: refused("The body's type is not taken, or a picture is not an image."),
};

export const poolUpdatesCall = resource("/api/donation-pools/{id}/updates", TAG, ID, {
  GET: operation({
    summary: "A campaign's updates",
    description:
      "Newest first, the final report among them (`is_final`), each with its photos and " +
      "receipt pictures.",
    access: "public",
    sharedCache: true,
    responses: { 200: { description: "The updates.", schema: z.array(CampaignUpdate) } },
    handler: async ({ ids }) => {
      if (!(await poolExists(ids.id))) throw new HttpError(404, "pools:errors.notFound");
      return apiJson(await listUpdates(ids.id));
    },
  }),
  POST: operation({
    summary: "Post an update to a campaign",
    description:
      "Text, optionally an amount spent and what on, up to 6 photos and 6 receipt pictures " +
      "(checked and re-encoded like a campaign's photos). The campaign's donors who left an " +
      "e-mail are sent it. Recorded in the activity log.",
    access: "admin",
    rawBody,
    bodyLimit: { json: UPDATE_JSON_LIMIT, multipart: UPDATE_BODY_LIMIT },
    responses: {
      201: { description: "Posted.", schema: CampaignUpdate },
      ...fileRefusals,
    },
    handler: async ({ request, ids, user }) => {
      const update = await postUpdate(ids.id, await readUpdateRequest(request), user);
      return apiJson(update, { status: 201 });
    },
  }),
});

export const poolUpdateById = resource(
  "/api/donation-pools/{id}/updates/{updateId}",
  TAG,
  { ...ID, updateId: "admin:poolUpdates.errors.notFound" },
  {
    DELETE: operation<"id" | "updateId", "admin">({
      summary: "Delete a campaign update",
      description:
        "For an update posted by mistake; a spending that changed is told in a new update. " +
        "Recorded in the activity log.",
      access: "admin",
      responses: {
        200: {
          description: "Deleted.",
          schema: z.object({ id: Whole, deleted: z.literal(true) }).strict(),
        },
      },
      handler: async ({ ids, user }) => apiJson(await deleteUpdate(ids.id, ids.updateId, user)),
    }),
  },
);

export const closePoolCall = resource("/api/donation-pools/{id}/close", TAG, ID, {
  POST: operation({
    summary: "Close a campaign with its final report",
    description:
      "The report says what happens to the money left (`body_mn`, `body_en`) and may carry a " +
      "last spending and pictures like an update. It records what the campaign had raised, " +
      "sets its status to `completed` and is sent to its donors. One per campaign: a second is " +
      "a 409. Recorded in the activity log.",
    access: "admin",
    rawBody,
    bodyLimit: { json: UPDATE_JSON_LIMIT, multipart: UPDATE_BODY_LIMIT },
    responses: {
      201: { description: "The final report.", schema: CampaignUpdate },
      ...fileRefusals,
      409: refused("The campaign is archived, or already has its final report."),
    },
    handler: async ({ request, ids, user }) => {
      const report = await closePool(ids.id, await readUpdateRequest(request), user);
      return apiJson(report, { status: 201 });
    },
  }),
});
