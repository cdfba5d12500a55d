import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin, requireApiUser } from "~/auth.server";
import { LIMITS } from "~/constants";
import { ADMIN_STORY_FILTERS, listStoriesForAdmin, oneOf } from "~/models/admin-stories.server";
import { type PreparedImage, prepareImage } from "~/models/media.server";
import {
  createStory,
  decodeDataUrl,
  ownStoryJson,
  refuseOverStoryLimit,
} from "~/models/story-submission.server";
import { StorySchema } from "~/schemas/story";
import { adminStoryJson } from "~/utils/admin-json.server";
import { apiJson, HttpError, parseOrThrow, readJson } from "~/utils/http.server";
import { pagingParams, totalHeaders } from "~/utils/paging";
import { apiAction, apiLoader, type Methods } from "~/utils/route.server";

export const ALLOW = ["GET", "POST"] as const satisfies Methods;

/** A 20 MB image as base64 (4/3 larger) plus the story's text. */
const BODY_LIMIT = Math.ceil((LIMITS.imageMaxBytes * 4) / 3) + 256 * 1024;

/**
 * POST /api/stories (spec 02 §7): title, story, pricing_tier, bank_name, bank_account,
 * account_name, payment_reference, story_image (a data URL or null). `author`, `user_id` and
 * `is_premium` in the body are ignored: they follow from the session and the tier.
 * Answers 201 with the created story, `story_image` as a URL.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(
    args,
    ALLOW,
    async ({ request }) => {
      const user = await requireApiUser(request);
      const body = (await readJson(request)) as Record<string, unknown>;
      // The cheap checks first (the text, the author's hourly limit), then the image is checked
      // and re-encoded in memory; createStory writes it only once the story is counted, so a
      // refused story leaves no file.
      parseOrThrow(StorySchema, body);
      await refuseOverStoryLimit(user);
      const bytes = decodeDataUrl(body?.story_image, LIMITS.imageMaxBytes);
      let image: PreparedImage | null = null;
      if (bytes) {
        try {
          image = await prepareImage(bytes);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          throw new HttpError(error.status, error.message, { story_image: [error.message] });
        }
      }
      const story = await createStory(user, body, image);
      return apiJson(ownStoryJson(story), { status: 201 });
    },
    { json: BODY_LIMIT },
  );

/**
 * GET /api/stories[?search&filter=all|approved|featured|regular&page&pageSize] (admin, spec 02 §7):
 * every story, newest first, with review and payment state.
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request }) => {
    await requireApiAdmin(request);
    const url = new URL(request.url);
    const { page, pageSize } = pagingParams(url, 50);
    const result = await listStoriesForAdmin(
      url.searchParams.get("search") ?? "",
      oneOf(ADMIN_STORY_FILTERS, url.searchParams.get("filter"), "all"),
      page,
      pageSize,
    );
    const items = page > result.pageCount ? [] : result.items.map(adminStoryJson);
    return apiJson(items, { headers: totalHeaders(result.total, result.pageCount) });
  });
