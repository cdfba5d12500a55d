import { PAYMENT_STATUSES, PRICING_TIERS, STORY_STATUSES } from "#db/schema";
import { adminStoryJson } from "~/api/admin-json.server";
import { LIMITS } from "~/constants";
import { apiJson, HttpError, parseOrThrow, readJson } from "~/http/http.server";
import { decodeDataUrl } from "~/http/upload.server";
import { authorNamer } from "~/lib/author.server";
import { totalHeaders } from "~/lib/paging";
import {
  ADMIN_STORY_FILTERS,
  APPROVAL_FILTERS,
  listPendingStories,
  listStoriesForAdmin,
} from "~/models/admin-stories.server";
import { type PreparedImage, prepareImage } from "~/models/media.server";
import { createStory, ownStoryJson, refuseOverStoryLimit } from "~/models/story-submission.server";
import { StorySchema } from "~/schemas/story";
import { qpayField, withInvoice } from "./qpay-invoice.server";
import { operation, resource } from "./resource.server";
import { DateTime, PAGING_HEADERS, pagingQuery, refused, Whole, z } from "./schemas.server";

/** The collection of stories: a new one (authors), and every one or the waiting ones (admins). */

const TAG = "Stories";

/** A 20 MB image as base64 (4/3 larger) plus the story's text. */
export const BODY_LIMIT = Math.ceil((LIMITS.imageMaxBytes * 4) / 3) + 256 * 1024;

/**
 * A story's image sent through the /api as a data URL: checked and re-encoded in memory, not yet
 * stored (the caller stores it once the story has passed its checks). Null for none.
 */
export async function readStoryImage(value: unknown): Promise<PreparedImage | null> {
  const bytes = decodeDataUrl(value, "story_image", LIMITS.imageMaxBytes, {
    type: "post:validation.onlyImages",
    tooLarge: "post:validation.fileTooLarge",
  });
  if (!bytes) return null;
  try {
    return await prepareImage(bytes);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw new HttpError(error.status, error.message, { story_image: [error.message] });
  }
}

/** What an author and an administrator see of a story beyond the public fields. */
const ReviewFields = {
  id: Whole,
  title: z.string(),
  story_image: z.string().nullable().openapi({ description: "URL of the image." }),
  author: z.string(),
  user_id: z.string().nullable(),
  submitted_at: DateTime,
  pricing_tier: z.enum(PRICING_TIERS),
  is_premium: z.boolean(),
  is_approved: z.boolean(),
  status: z.enum(STORY_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_reference: z
    .string()
    .nullable()
    .openapi({ description: "The six-digit code the author types into the transfer." }),
  bank_name: z.string(),
  bank_account: z.string(),
  account_name: z.string().nullable(),
  expires_at: DateTime.nullable().openapi({ description: "End of the featured period." }),
};

const OwnStory = z
  .object({ ...ReviewFields, story: z.string(), ...qpayField })
  .strict()
  .openapi("OwnStory", { description: "A story as its author sees it after sending it." });

const AdminStory = z
  .object({
    ...ReviewFields,
    story_preview: z.string().openapi({ description: "The first 200 characters." }),
    price: Whole.openapi({ description: "The plan's price when it was sent, in tugrik." }),
    approved_at: DateTime.nullable(),
    held_word: z.string().nullable().openapi({
      description: "A watched word its text contained when it was sent (why it waits).",
    }),
  })
  .strict()
  .openapi("AdminStory");

export const NewStory = StorySchema.innerType()
  .extend({
    story_image: z.string().nullable().optional().openapi({
      description:
        "The image as `data:image/…;base64,…` (JPEG, PNG, WebP or GIF, at most 20 MB), or null.",
    }),
  })
  .openapi("NewStory", {
    description:
      "`payment_reference` is required for a paid plan. `author`, `user_id` and `is_premium` " +
      "follow from the session and the plan; sent, they are ignored.",
  });

const adminPage = {
  200: {
    description: "One page of stories, newest first; past the last page the list is empty.",
    schema: z.array(AdminStory),
    headers: PAGING_HEADERS,
  },
};

export const storyCollection = resource(
  "/api/stories",
  TAG,
  {},
  {
    GET: operation({
      summary: "Every story",
      description: "With its review and payment state, found by title or author.",
      access: "admin",
      query: {
        search: z.string().catch("").openapi({ type: "string", description: "Title or author." }),
        filter: z
          .enum(ADMIN_STORY_FILTERS)
          .catch("all")
          .openapi({ type: "string", enum: [...ADMIN_STORY_FILTERS], default: "all" }),
        ...pagingQuery(50),
      },
      responses: adminPage,
      handler: async ({ request, query }) => {
        const result = await listStoriesForAdmin(
          query.search,
          query.filter,
          query.page,
          query.pageSize,
        );
        const name = await authorNamer(request);
        const items =
          query.page > result.pageCount ? [] : result.items.map((s) => adminStoryJson(s, name));
        return apiJson(items, { headers: totalHeaders(result.total, result.pageCount) });
      },
    }),
    POST: operation({
      summary: "Send a story",
      description:
        "As the signed-in user. A free story is published at once (unless the administrators " +
        "review free stories); a paid one waits for its payment and review. The text is checked " +
        "first, then the author's hourly limit, then the image by its content.",
      access: "user",
      rawBody: { content: { "application/json": NewStory } },
      bodyLimit: { json: BODY_LIMIT },
      responses: {
        201: { description: "Received.", schema: OwnStory },
        413: refused("The body, or the image in it, is too large (in bytes or in pixels)."),
        415: refused("The body is not `application/json`, or the image is not an image."),
        429: refused("Too many stories in an hour; see `Retry-After`."),
      },
      handler: async ({ request, user }) => {
        const body = (await readJson(request)) as Record<string, unknown>;
        // The cheap checks first (the text, the author's hourly limit), then the image is checked
        // and re-encoded in memory; createStory writes it only once the story is counted, so a
        // refused story leaves no file.
        parseOrThrow(StorySchema, body);
        await refuseOverStoryLimit(user);
        const story = await createStory(user, body, await readStoryImage(body.story_image));
        const qpay = await withInvoice({ kind: "story", id: story.id }, request);
        return apiJson({ ...ownStoryJson(story), ...qpay }, { status: 201 });
      },
    }),
  },
);

export const pendingStories = resource(
  "/api/stories/pending",
  TAG,
  {},
  {
    GET: operation({
      summary: "Stories awaiting review",
      description: "`premium`: the paid ones only.",
      access: "admin",
      query: {
        filter: z
          .enum(APPROVAL_FILTERS)
          .catch("all")
          .openapi({ type: "string", enum: [...APPROVAL_FILTERS], default: "all" }),
        ...pagingQuery(50),
      },
      responses: adminPage,
      handler: async ({ query }) => {
        const result = await listPendingStories(query.filter, query.page, query.pageSize);
        const items =
          query.page > result.pageCount ? [] : result.items.map((s) => adminStoryJson(s));
        return apiJson(items, { headers: totalHeaders(result.total, result.pageCount) });
      },
    }),
  },
);
