import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth.server";
import { LIMITS } from "~/constants";
import { storeImage } from "~/models/media.server";
import { createStory, decodeDataUrl, ownStoryJson } from "~/models/story-submission.server";
import { StorySchema } from "~/schemas/story";
import { apiJson, HttpError, parseOrThrow, readJson } from "~/utils/http.server";
import { apiAction } from "~/utils/route.server";

/** A 20 MB image as base64 (4/3 larger) plus the story's text. */
const BODY_LIMIT = Math.ceil((LIMITS.imageMaxBytes * 4) / 3) + 256 * 1024;

/**
 * POST /api/stories (spec 02 §7): title, story, pricing_tier, bank_name, bank_account,
 * account_name, payment_reference, story_image (a data URL or null). `author`, `user_id` and
 * `is_premium` in the body are ignored: they follow from the session and the tier.
 * Answers 201 with the created story, `story_image` as a URL.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request }) => {
    if (request.method !== "POST") throw new HttpError(405, "errors.methodNotAllowed");
    const user = await requireApiUser(request);
    const body = (await readJson(request, BODY_LIMIT)) as Record<string, unknown>;
    // Check the story before storing its image, so a refused story leaves no orphan file.
    parseOrThrow(StorySchema, body);
    const bytes = decodeDataUrl(body?.story_image, LIMITS.imageMaxBytes);
    let imageId: string | null = null;
    if (bytes) {
      try {
        imageId = await storeImage(bytes, user.id);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const message =
          error.status === 413 ? "post:validation.fileTooLarge" : "post:validation.onlyImages";
        throw new HttpError(error.status, message, { story_image: [message] });
      }
    }
    const story = await createStory(user, body, imageId);
    return apiJson(ownStoryJson(story), { status: 201 });
  });
