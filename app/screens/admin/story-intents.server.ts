import { HttpError } from "~/http/http.server";
import { formatMoney } from "~/lib/format";
import { errorFields, logger } from "~/lib/logger.server";
import type { ToastMessage } from "~/lib/toast";
import {
  approveStory,
  deleteStory,
  markPaymentReturned,
  rejectStory,
  verifyStoryPayment,
} from "~/models/moderation.server";
import { approveStoryEdit, rejectStoryEdit } from "~/models/story-edit.server";
import type { User } from "~/models/users.server";
import { formId } from "~/web/admin.server";

/**
 * The decisions the story tabs post (a hidden `intent` plus the story's `id`), each through the
 * moderation service the /api uses too, so a rule (no approval while a payment is pending…) is
 * enforced in one place. Returns the spec's success toast (02 §8); a refusal stays an HttpError,
 * which adminAction shows as the error toast with its message, and anything unexpected becomes
 * that toast with "unknown error" rather than an error page.
 */
export const STORY_INTENTS = [
  "approve",
  "reject",
  "verify",
  "refund",
  "delete",
  "approve-edit",
  "reject-edit",
] as const;
export type StoryIntent = (typeof STORY_INTENTS)[number];

const SUCCESS: Record<StoryIntent, string> = {
  approve: "admin:approvals.toast.approved",
  reject: "admin:approvals.toast.rejected",
  verify: "admin:approvals.toast.verified",
  refund: "admin:payments.toast.returned",
  delete: "admin:stories.toast.deleted",
  "approve-edit": "admin:edits.toast.approved",
  "reject-edit": "admin:edits.toast.rejected",
};

const rejectionOf = (form: FormData) => ({
  reason: form.get("reason") || undefined,
  note: form.get("note") ?? undefined,
});

export async function runStoryIntent(
  form: FormData,
  admin: Pick<User, "id" | "username" | "role">,
  allowed: readonly StoryIntent[],
): Promise<ToastMessage> {
  const intent = String(form.get("intent") ?? "") as StoryIntent;
  if (!allowed.includes(intent)) throw new HttpError(400, "admin:stories.errors.unknownAction");
  const id = formId(form);
  try {
    switch (intent) {
      case "approve":
        await approveStory(id, admin);
        break;
      case "reject":
        await rejectStory(id, admin, rejectionOf(form));
        break;
      case "verify": {
        // The screen always asks: a missing amount is an empty one, refused by the service.
        const verified = await verifyStoryPayment(
          id,
          admin,
          new Date(),
          undefined,
          form.get("amount_received") ?? "",
        );
        if (verified.amount_received !== verified.amount_due) {
          // Allowed, and said: the payment was not what the plan costs.
          return {
            type: "success",
            title: SUCCESS.verify,
            description: "admin:approvals.toast.verifiedDifferent",
            values: {
              received: formatMoney(verified.amount_received ?? 0),
              due: formatMoney(verified.amount_due),
            },
          };
        }
        break;
      }
      case "refund":
        await markPaymentReturned(id, admin);
        break;
      case "delete":
        await deleteStory(id, admin);
        break;
      case "approve-edit":
        await approveStoryEdit(id, admin);
        break;
      case "reject-edit":
        await rejectStoryEdit(id, admin, rejectionOf(form));
        break;
    }
  } catch (error) {
    if (error instanceof HttpError || error instanceof Response) throw error;
    logger.error("admin.story_action", { intent, id, ...errorFields(error) });
    throw new HttpError(500, "admin:toast.unknownError");
  }
  return { type: "success", title: SUCCESS[intent] };
}
