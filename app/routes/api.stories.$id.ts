import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/auth.server";
import {
  getStoryForReader,
  readingMinutes,
  type StoryDetail,
  storyJson,
} from "~/models/stories.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { apiLoader } from "~/utils/route.server";

/**
 * One story as /api shows it: the list shape (spec 01 §3 field names) and what the detail adds
 * (approval state, the author's bank details for donation-eligible tiers, the caller's heart).
 */
export function storyDetailJson(story: StoryDetail) {
  return {
    ...storyJson(story, story.story),
    user_id: story.user_id,
    is_approved: story.is_approved,
    status: story.status,
    approved_at: story.approved_at,
    is_featured: story.is_featured,
    // Public for paid tiers only: that is where readers send support.
    bank_name: story.bank?.bank_name ?? null,
    bank_account: story.bank?.bank_account ?? null,
    account_name: story.bank?.account_name ?? null,
    hearted: story.hearted,
    reading_minutes: readingMinutes(story.story),
  };
}

/** The story id of an /api path, or a 404 for anything that cannot be one. */
export function storyIdOr404(param: string | undefined): number {
  if (!param || !/^\d{1,15}$/.test(param)) throw new HttpError(404, "errors.storyNotFound");
  return Number(param);
}

/**
 * GET /api/stories/{id} (spec 02 §7): the story, or 404 when it is unknown or not approved (its
 * author and administrators, signed in, can read it while it is pending or rejected).
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request, params }) => {
    const id = storyIdOr404(params.id);
    const story = await getStoryForReader(id, await getUser(request));
    if (!story) throw new HttpError(404, "errors.storyNotFound");
    return apiJson(storyDetailJson(story));
  });
