import { apiJson } from "~/http/http.server";
import { listHeldComments, publishComment } from "~/models/comment-review.server";
import { operation, patchOrPost, resource } from "./resource.server";
import { DateTime, refused, Whole, z } from "./schemas.server";

/** Comments held for review, and publishing them (decision 029). Deleting is DELETE /api/comments/{id}. */

const TAG = "Stories";

const HeldComment = z
  .object({
    id: Whole,
    story_id: Whole,
    story_title: z.string(),
    user_id: z.string().nullable(),
    author: z.string(),
    content: z.string(),
    created_at: DateTime,
    held_at: DateTime.nullable(),
    held_word: z.string().nullable().openapi({
      description: "The watched word that held it; null for one of a new account's first comments.",
    }),
  })
  .strict()
  .openapi("HeldComment");

export const heldComments = resource(
  "/api/comments/held",
  TAG,
  {},
  {
    GET: operation({
      summary: "Comments waiting for review",
      description: "Oldest first, with their story and why they wait.",
      access: "admin",
      responses: { 200: { description: "The held comments.", schema: z.array(HeldComment) } },
      handler: async () => apiJson(await listHeldComments()),
    }),
  },
);

export const publishCommentCall = resource(
  "/api/comments/{id}/publish",
  TAG,
  { id: "errors.commentNotFound" },
  patchOrPost(
    operation<"id", "admin">({
      summary: "Publish a held comment",
      description: "Readers see it; the story's author is told, as of any comment.",
      access: "admin",
      responses: {
        200: {
          description: "Published.",
          schema: z.object({ id: Whole, story_id: Whole, held: z.literal(false) }).strict(),
        },
        409: refused("The comment is not waiting (already published)."),
      },
      handler: async ({ ids, user }) => apiJson(await publishComment(ids.id, user)),
    }),
  ),
);
