import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { botTrapRefusal } from "~/http/bot-trap.server";
import { HttpError } from "~/http/http.server";
import type { ToastMessage } from "~/lib/toast";
import { changeMonthlyGift, createMonthlyGift } from "~/models/monthly-gifts.server";
import { redirectWithToast } from "~/models/sessions.server";
import { monthlyGiftSchema } from "~/schemas/monthly";
import { getUser } from "~/web/auth.server";
import { refuseByService, refuseInvalid } from "./donation-form.server";

/**
 * The monthly side of both donate forms (issue 43), told apart from the one-off form by
 * `intent=monthly`, and the monthly gift page's manage forms. Refusals come back in place with
 * everything typed, as the one-off forms do (donation-form.server.ts).
 */

export const MONTHLY_INTENT = "monthly";

/**
 * The form as the service takes it: an unticked box is not sent, which the schema reads as no —
 * except "show my name", whose absence the schema (written for JSON) reads as yes, so on a form
 * it is sent explicitly, as the one-off form's reader does (donationInput).
 */
function monthlyInput(form: FormData) {
  const input: Record<string, unknown> = {};
  for (const [key, value] of form) if (typeof value === "string") input[key] = value;
  input.display_in_leaderboard = form.get("display_in_leaderboard") === "on";
  return input;
}

export async function answerMonthlyForm(request: Request, form: FormData, poolId: number | null) {
  const schema = monthlyGiftSchema(poolId === null ? "site" : "pool");
  const submission = parseWithZod(form, { schema });
  const tagged = (answer: ReturnType<typeof refuseInvalid>) => {
    answer.data.intent = MONTHLY_INTENT;
    return answer;
  };
  if (submission.status !== "success") return tagged(refuseInvalid(submission));
  const trapped = botTrapRefusal(form);
  if (trapped) return tagged(refuseByService(submission, new HttpError(400, trapped)));
  try {
    const gift = await createMonthlyGift(
      poolId,
      monthlyInput(form),
      request,
      await getUser(request),
    );
    return redirectWithToast(request, gift.path, {
      type: "success",
      title: "donate:monthly.toast.created",
      description: "donate:monthly.toast.createdText",
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 404) throw new Response(null, { status: 404, statusText: "Not Found" });
    return tagged(refuseByService(submission, error));
  }
}

const DONE: Record<string, string> = {
  changed: "donate:monthly.toast.changed",
  paused: "donate:monthly.toast.paused",
  resumed: "donate:monthly.toast.resumed",
  stopped: "donate:monthly.toast.stopped",
};

export interface ManageReply {
  intent: string;
  toast: ToastMessage | null;
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
}

/**
 * A manage form of the gift's page: effective at once. Without JavaScript, POST/redirect/GET
 * with a toast; a fetcher (`via=fetcher`) stays on the page and gets the toast. A refused field
 * (an amount under the minimum) comes back beside it, with what was typed.
 */
export async function answerManageForm(request: Request, token: string, path: string) {
  const form = await request.formData();
  const viaFetcher = form.get("via") === "fetcher";
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  const intent = values.intent ?? "";
  // The change form always holds the box, and an unticked one is not sent: absent means no.
  if (intent === "change") {
    values.display_in_leaderboard = String(form.get("display_in_leaderboard") === "on");
  }
  try {
    const { event } = await changeMonthlyGift(token, values);
    const toast: ToastMessage = {
      type: "success",
      title: DONE[event]!,
      description: "donate:monthly.toast.confirmSent",
    };
    if (viaFetcher) return data<ManageReply>({ intent, toast, fieldErrors: {}, values: {} });
    return redirectWithToast(request, path, toast);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 404) throw new Response(null, { status: 404, statusText: "Not Found" });
    const toast: ToastMessage = {
      type: "error",
      title: "donate:monthly.toast.failed",
      description: error.message,
    };
    if (error.fieldErrors && Object.keys(error.fieldErrors).length) {
      return data<ManageReply>(
        { intent, toast, fieldErrors: error.fieldErrors, values },
        { status: error.status },
      );
    }
    if (viaFetcher) {
      return data<ManageReply>(
        { intent, toast, fieldErrors: {}, values: {} },
        { status: error.status, headers: error.headers },
      );
    }
    return redirectWithToast(request, path, toast);
  }
}
