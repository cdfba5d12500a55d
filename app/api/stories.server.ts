import { PRICING_TIERS, STORY_STATUSES } from "#db/schema";
import { LIMITS, REJECTION_REASONS } from "~/constants";
import { apiJson, HttpError, readJson } from "~/http/http.server";
import { authorNamer } from "~/lib/author.server";
import { totalHeaders } from "~/lib/paging";
import { addComment, deleteComment, editComment, listComments } from "~/models/comments.server";
import {
  approveStory,
  deleteStory,
  rejectStory,
  verifyStoryPayment,
} from "~/models/moderation.server";
import {
  getStoryForReader,
  listFeaturedStories,
  listRegularStories,
  STORY_FILTERS,
  setHeart,
  storyDetailJson,
  storyPageJson,
} from "~/models/stories.server";
import { CommentSchema } from "~/schemas/comment";
import { RejectionSchema, VerifyPaymentSchema } from "~/schemas/moderation";
import { getUser } from "~/web/auth.server";
import { qpayField, withInvoice } from "./qpay-invoice.server";
import { operation, patchOrPost, resource } from "./resource.server";
import {
  DateTime,
  PAGING_HEADERS,
  pagingQuery,
  refused,
  Success,
  Whole,
  z,
} from "./schemas.server";
import { patchOwnStory, StoryEditBody, StoryEditResult } from "./story-edits.server";
import { BODY_LIMIT } from "./story-list.server";

/** Reading stories, their comments and hearts (spec 01 §7, 02 §7). */

const TAG = "Stories";

export const StoryListItem = z
  .object({
    id: Whole,
    title: z.string(),
    story: z.string(),
    story_image: z.string().nullable().openapi({ description: "URL of the image." }),
    story_image_thumbnail: z.string().nullable(),
    author: z.string(),
    submitted_at: DateTime,
    pricing_tier: z.enum(PRICING_TIERS),
    is_premium: z.boolean(),
    expires_at: DateTime.nullable().openapi({ description: "End of the featured period." }),
    hearts_count: Whole,
    comments_count: Whole,
    is_approved: z.literal(true),
  })
  .strict()
  .openapi("StoryListItem");

const StoryDetail = StoryListItem.extend({
  user_id: z.string().nullable(),
  is_approved: z.boolean(),
  status: z.enum(STORY_STATUSES),
  approved_at: DateTime.nullable(),
  is_featured: z.boolean(),
  bank_name: z.string().nullable().openapi({ description: "Paid plans only: where to support." }),
  bank_account: z.string().nullable(),
  account_name: z.string().nullable(),
  hearted: z.boolean().openapi({ description: "Whether the caller has hearted it." }),
  reading_minutes: Whole,
  ...qpayField,
})
  .strict()
  .openapi("Story");

const Comment = z
  .object({
    id: Whole,
    story_id: Whole,
    user_id: z.string().nullable(),
    author: z.string(),
    content: z.string(),
    created_at: DateTime,
    edited_at: DateTime.nullable().openapi({ description: "When its author last changed it." }),
    held: z.boolean().openapi({
      description:
        "Waiting for an administrator (a watched word, or a new account's first comments): " +
        "only its author sees it until it is published.",
    }),
  })
  .strict()
  .openapi("Comment");

const Heart = z.object({ hearted: z.boolean(), hearts_count: Whole }).strict().openapi("Heart");

const page = (items: z.ZodTypeAny, description: string) => ({
  200: { description, schema: z.array(items), headers: PAGING_HEADERS },
});

const STORY = { id: "errors.storyNotFound" } as const;

export const featuredStories = resource(
  "/api/stories/featured",
  TAG,
  {},
  {
    GET: operation({
      summary: "Stories featured now",
      description: "Paid stories within their featured period, newest first.",
      access: "public",
      sharedCache: true,
      sameForMembers: true,
      query: pagingQuery(50),
      responses: page(StoryListItem, "One page of stories."),
      handler: async ({ request, query }) => {
        const result = await listFeaturedStories(query);
        return apiJson(await storyPageJson(result, await authorNamer(request)), {
          headers: totalHeaders(result.total, result.pageCount),
        });
      },
    }),
  },
);

export const regularStories = resource(
  "/api/stories/regular",
  TAG,
  {},
  {
    GET: operation({
      summary: "Regular stories",
      description:
        "Approved stories not featured now: all (newest first), the most loved, or the newest. " +
        "Past the last page the list is empty.",
      access: "public",
      sharedCache: true,
      sameForMembers: true,
      query: {
        filter: z
          .enum(STORY_FILTERS)
          .catch("all")
          .openapi({
            type: "string",
            enum: [...STORY_FILTERS],
            default: "all",
            description: "`loved`: most hearts first; `newest`: newest first; anything else: all.",
          }),
        ...pagingQuery(LIMITS.storiesPageSize),
      },
      responses: page(StoryListItem, "One page of stories."),
      handler: async ({ request, query }) => {
        const result = await listRegularStories(query);
        const items =
          query.page > result.pageCount
            ? []
            : await storyPageJson(result, await authorNamer(request));
        return apiJson(items, { headers: totalHeaders(result.total, result.pageCount) });
      },
    }),
  },
);

/** A story its caller may read: published, or their own, or any to an administrator. */
async function readable(request: Request, id: number) {
  const story = await getStoryForReader(id, await getUser(request));
  if (!story) throw new HttpError(404, "errors.storyNotFound");
  return story;
}

/** Decision 055: a write to what is not the caller's, where they can read it. */
const NOT_YOUR_STORY = refused(
  "Someone else's story that the caller can read, or the request came from another site.",
);
const NOT_YOUR_COMMENT = refused(
  "Someone else's comment that the caller can see, or the request came from another site.",
);

export const storyById = resource("/api/stories/{id}", TAG, STORY, {
  GET: operation({
    summary: "One story",
    description:
      "404 when it is unknown or not published; its author and administrators can read it " +
      "while it waits for review or after it was rejected.",
    access: "public",
    responses: { 200: { description: "The story.", schema: StoryDetail } },
    handler: async ({ request, ids }) => {
      const story = await readable(request, ids.id);
      const viewer = await getUser(request);
      // Its author and administrators also get the QPay invoice while its payment waits.
      const qpay =
        viewer && (viewer.role === "admin" || viewer.id === story.user_id)
          ? await withInvoice({ kind: "story", id: story.id }, request)
          : {};
      return apiJson({ ...storyDetailJson(story, await authorNamer(request)), ...qpay });
    },
  }),
  DELETE: operation({
    summary: "Delete a story",
    description:
      "By its author or an administrator; with its comments and hearts. Recorded in the " +
      "activity log, a paid plan's payment with it. Someone else's story the caller can read: " +
      "403; one they cannot read: 404.",
    access: "user",
    responses: {
      200: {
        description: "Deleted.",
        schema: z.object({ id: Whole }).strict(),
      },
      403: NOT_YOUR_STORY,
    },
    handler: async ({ ids, user }) => apiJson(await deleteStory(ids.id, user)),
  }),
  PATCH: operation({
    summary: "Edit your story",
    description:
      "By its author. Not yet published: changed in place. Rejected: sent for review again. " +
      "Published: changed at once, or — for a paid story, and for a free one while the " +
      "administrators review free stories — kept as an edit that waits for review while " +
      "readers see the published version. A featured story keeps its featured period. " +
      "Someone else's story the caller can read: 403; one they cannot read: 404.",
    access: "user",
    rawBody: { content: { "application/json": StoryEditBody } },
    bodyLimit: { json: BODY_LIMIT },
    responses: {
      200: { description: "Saved.", schema: StoryEditResult },
      403: NOT_YOUR_STORY,
      409: refused("The story changed state while it was being edited."),
      413: refused("The body, or the image in it, is too large (in bytes or in pixels)."),
      415: refused("The body is not `application/json`, or the image is not an image."),
      429: refused("Too many edits or images in an hour; see `Retry-After`."),
    },
    handler: async ({ request, ids, user }) => apiJson(await patchOwnStory(request, user, ids.id)),
  }),
});

export const storyComments = resource("/api/stories/{id}/comments", TAG, STORY, {
  GET: operation({
    summary: "A story's comments",
    description: "Oldest first; 404 for a story the caller cannot read.",
    access: "public",
    responses: { 200: { description: "The comments.", schema: z.array(Comment) } },
    handler: async ({ request, ids }) => {
      await readable(request, ids.id);
      return apiJson(await listComments(ids.id));
    },
  }),
  POST: operation({
    summary: "Comment on a story",
    description:
      "As the signed-in user, on a published story. The author, user and story come from the " +
      "session and the URL.",
    access: "user",
    body: CommentSchema,
    responses: {
      201: { description: "The new comment.", schema: Comment },
      429: refused("Too many comments in a minute; see `Retry-After`."),
    },
    handler: async ({ ids, user, body }) =>
      apiJson(await addComment(ids.id, user, body), { status: 201 }),
  }),
});

export const storyHeart = resource("/api/stories/{id}/heart", TAG, STORY, {
  PUT: operation({
    summary: "Heart a story",
    description: "Idempotent: a second heart changes nothing.",
    access: "user",
    responses: { 200: { description: "The heart and the story's count.", schema: Heart } },
    handler: async ({ ids, user }) => apiJson(await setHeart(ids.id, user, true)),
  }),
  DELETE: operation({
    summary: "Take a heart back",
    description: "Idempotent.",
    access: "user",
    responses: { 200: { description: "The heart and the story's count.", schema: Heart } },
    handler: async ({ ids, user }) => apiJson(await setHeart(ids.id, user, false)),
  }),
});

export const commentById = resource(
  "/api/comments/{id}",
  TAG,
  { id: "errors.commentNotFound" },
  {
    DELETE: operation({
      summary: "Delete a comment",
      description:
        "By its author or an administrator. Someone else's comment the caller can see: 403; " +
        "a held or hidden one, or one on a story they cannot read: 404.",
      access: "user",
      responses: { 200: { description: "Deleted.", schema: Success }, 403: NOT_YOUR_COMMENT },
      handler: async ({ ids, user }) => {
        await deleteComment(ids.id, user);
        return apiJson({ success: true });
      },
    }),
    PATCH: operation({
      summary: "Change your comment",
      description:
        "By its author, within 15 minutes of writing it (409 later); it is then shown as edited. " +
        "Someone else's comment the caller can see: 403; a held or hidden one, or one on a " +
        "story they cannot read: 404.",
      access: "user",
      body: CommentSchema,
      responses: {
        200: { description: "Changed.", schema: Comment },
        403: NOT_YOUR_COMMENT,
        409: refused("More than 15 minutes have passed since the comment was written."),
      },
      handler: async ({ ids, user, body }) => apiJson(await editComment(ids.id, user, body)),
    }),
  },
);

const NOT_NOW = refused("The story's state does not allow it (already decided).");

export const approveStoryCall = resource(
  "/api/stories/{id}/approve",
  TAG,
  STORY,
  patchOrPost(
    operation<"id", "admin">({
      summary: "Approve a story",
      description: "A paid story is featured from now for its plan's days.",
      access: "admin",
      responses: {
        200: {
          description: "Approved.",
          schema: z
            .object({ id: Whole, status: z.literal("approved"), expires_at: DateTime.nullable() })
            .strict(),
        },
        409: NOT_NOW,
      },
      handler: async ({ ids, user }) => apiJson(await approveStory(ids.id, user)),
    }),
  ),
);

export const rejectStoryCall = resource(
  "/api/stories/{id}/reject",
  TAG,
  STORY,
  patchOrPost(
    operation<"id", "admin">({
      summary: "Reject a story",
      description:
        "Optionally with a reason from the list and a note for the author (required for `other`).",
      access: "admin",
      rawBody: { content: { "application/json": RejectionSchema }, required: false },
      responses: {
        200: {
          description: "Rejected.",
          schema: z
            .object({
              id: Whole,
              status: z.literal("rejected"),
              rejection_reason: z.enum(REJECTION_REASONS).nullable(),
            })
            .strict(),
        },
        409: NOT_NOW,
      },
      handler: async ({ request, ids, user }) => {
        // The spec's call has no body; a JSON body may give { reason, note } for the author.
        const body = request.headers.get("content-type") ? await readJson(request) : {};
        return apiJson(await rejectStory(ids.id, user, body));
      },
    }),
  ),
);

export const verifyStoryPaymentCall = resource(
  "/api/stories/{id}/verify-payment",
  TAG,
  STORY,
  patchOrPost(
    operation<"id", "admin">({
      summary: "Verify a story's payment",
      description:
        "The plan's payment arrived. Optionally `{ amount_received }`: what the bank statement " +
        "shows, in whole tugrik; recorded beside the price (a different amount is allowed).",
      access: "admin",
      rawBody: {
        content: { "application/json": VerifyPaymentSchema.partial() },
        required: false,
      },
      responses: {
        200: {
          description: "Verified.",
          schema: z
            .object({
              id: Whole,
              payment_status: z.literal("verified"),
              amount_due: Whole,
              amount_received: Whole.nullable(),
            })
            .strict(),
        },
        409: refused("Not a paid story, or its payment is already verified."),
      },
      handler: async ({ request, ids, user }) => {
        // The spec's call has no body; one may say what arrived.
        const body = request.headers.get("content-type") ? await readJson(request) : {};
        const received = (body as { amount_received?: unknown } | null)?.amount_received;
        return apiJson(
          await verifyStoryPayment(ids.id, user, new Date(), undefined, received ?? undefined),
        );
      },
    }),
  ),
);
