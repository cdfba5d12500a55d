import { apiJson, HttpError, parseOrThrow, readJson } from "~/http/http.server";
import { mediaUrl, saveImage } from "~/models/media.server";
import { requireOwnStory } from "~/models/not-yours.server";
import {
  approveStoryEdit,
  editOwnStory,
  getStoryEdit,
  listStoryEdits,
  rejectStoryEdit,
  withdrawStoryEdit,
} from "~/models/story-edit.server";
import { countImageUpload, getOwnStory } from "~/models/story-submission.server";
import type { User } from "~/models/users.server";
import { RejectionSchema } from "~/schemas/moderation";
import { StoryStep1Schema } from "~/schemas/story";
import { operation, patchOrPost, resource } from "./resource.server";
import { DateTime, refused, Whole, z } from "./schemas.server";
import { NewStory, readStoryImage } from "./story-list.server";

/** An author's edits of their own stories, and the administrators' review of them (decision 029). */

const TAG = "Stories";
const STORY = { id: "errors.storyNotFound" } as const;
const TEXT_FIELDS = ["title", "story", "bank_name", "bank_account", "account_name"] as const;

/** PATCH /api/stories/{id}: any field of the first step; the image as in a new story. */
export const StoryEditBody = NewStory.pick({
  title: true,
  story: true,
  bank_name: true,
  bank_account: true,
  account_name: true,
  story_image: true,
})
  .partial()
  .openapi("StoryEdit", {
    description:
      "Only what changes: a field left out keeps its value (the waiting edit's, if one waits). " +
      "`story_image`: a new image as a data URL, or null to remove it.",
  });

export const StoryEditResult = z
  .object({
    id: Whole,
    outcome: z.enum(["updated", "resubmitted", "published", "awaiting_review"]).openapi({
      description:
        "`updated`: not yet published, changed in place; `resubmitted`: it was rejected and " +
        "waits for review again; `published`: readers see it now; `awaiting_review`: readers " +
        "see the published version until an administrator approves the edit.",
    }),
  })
  .strict()
  .openapi("StoryEditResult");

const Version = {
  title: z.string(),
  story: z.string(),
  story_image: z.string().nullable().openapi({ description: "URL of the image." }),
  bank_name: z.string(),
  bank_account: z.string(),
  account_name: z.string().nullable(),
};

const WaitingEdit = z
  .object({
    story_id: Whole,
    submitted_at: DateTime,
    ...Version,
    held_word: z
      .string()
      .nullable()
      .openapi({ description: "A watched word the edit contains (why it waits)." }),
  })
  .strict()
  .openapi("StoryEditWaiting");

const EditForReview = WaitingEdit.extend({
  author: z.string(),
  pricing_tier: z.string(),
  current: z.object(Version).strict().openapi({ description: "The published version." }),
})
  .strict()
  .openapi("StoryEditForReview");

/**
 * The author's edit through the /api: the fields sent over the story as it stands (or over its
 * waiting edit), then the same service as the edit page.
 */
export async function patchOwnStory(
  request: Request,
  user: Pick<User, "id" | "username">,
  id: number,
) {
  const body = (await readJson(request)) as Record<string, unknown>;
  const story = await requireOwnStory(user, id);
  const base = (await getStoryEdit(id)) ?? story;
  const values: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS)
    values[field] = field in body ? body[field] : (base[field] ?? "");
  parseOrThrow(StoryStep1Schema, values);
  let imageId = base.story_image;
  if (body.story_image === null) imageId = null;
  else if (body.story_image !== undefined) {
    const image = await readStoryImage(body.story_image);
    if (image) {
      await countImageUpload(user);
      imageId = await saveImage(image, user.id);
    }
  }
  return editOwnStory(user, id, values, imageId);
}

export const storyEditCall = resource("/api/stories/{id}/edit", TAG, STORY, {
  GET: operation({
    summary: "The edit waiting for review",
    description: "For the story's author and administrators; 404 when no edit waits.",
    access: "user",
    responses: { 200: { description: "The waiting edit.", schema: WaitingEdit } },
    handler: async ({ ids, user }) => {
      const story = user.role === "admin" ? { id: ids.id } : await getOwnStory(user, ids.id);
      const edit = story ? await getStoryEdit(ids.id) : null;
      if (!edit) throw new HttpError(404, "errors.storyNotFound");
      return apiJson({ ...edit, story_image: mediaUrl(edit.story_image) });
    },
  }),
  DELETE: operation({
    summary: "Take a waiting edit back",
    description:
      "By the story's author: readers keep seeing the published version. Someone else's story " +
      "the caller can read: 403; one they cannot read, or no edit waiting: 404.",
    access: "user",
    responses: {
      200: { description: "Taken back.", schema: z.object({ id: Whole }).strict() },
      403: refused(
        "Someone else's story that the caller can read, or the request came from another site.",
      ),
    },
    handler: async ({ ids, user }) => apiJson(await withdrawStoryEdit(user, ids.id)),
  }),
});

export const storyEditsList = resource(
  "/api/stories/edits",
  TAG,
  {},
  {
    GET: operation({
      summary: "Edits waiting for review",
      description: "Authors' edits of published stories, oldest first, with the published version.",
      access: "admin",
      responses: { 200: { description: "The edits.", schema: z.array(EditForReview) } },
      handler: async () => apiJson(await listStoryEdits()),
    }),
  },
);

const GONE = refused("No edit of this story waits (taken back, replaced or already decided).");

export const approveStoryEditCall = resource(
  "/api/stories/{id}/edit/approve",
  TAG,
  STORY,
  patchOrPost(
    operation<"id", "admin">({
      summary: "Publish a waiting edit",
      description: "The story becomes the edit; its featured period stays as it was.",
      access: "admin",
      responses: {
        200: {
          description: "Published.",
          schema: z.object({ id: Whole, edit: z.literal("approved") }).strict(),
        },
        409: GONE,
      },
      handler: async ({ ids, user }) => apiJson(await approveStoryEdit(ids.id, user)),
    }),
  ),
);

export const rejectStoryEditCall = resource(
  "/api/stories/{id}/edit/reject",
  TAG,
  STORY,
  patchOrPost(
    operation<"id", "admin">({
      summary: "Turn a waiting edit down",
      description:
        "The story stays as published; its author is told, with the reason and note if given.",
      access: "admin",
      rawBody: { content: { "application/json": RejectionSchema }, required: false },
      responses: {
        200: {
          description: "Turned down.",
          schema: z.object({ id: Whole, edit: z.literal("rejected") }).strict(),
        },
        409: GONE,
      },
      handler: async ({ request, ids, user }) => {
        const body = request.headers.get("content-type") ? await readJson(request) : {};
        return apiJson(await rejectStoryEdit(ids.id, user, body));
      },
    }),
  ),
);
