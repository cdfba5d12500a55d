import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { ZodTypeAny } from "zod";
import { botTrapRefusal, botTrapToken } from "~/http/bot-trap.server";
import { HttpError } from "~/http/http.server";
import { siteOrigin } from "~/http/origin.server";
import { type FormReply, formResult } from "~/lib/form-reply";
import type { ToastMessage } from "~/lib/toast";
import type { PledgeReceipt } from "~/models/donation-create.server";
import { type CodeTarget, heldPaymentCode } from "~/models/payment-code-holds.server";
import { redirectWithToast } from "~/models/sessions.server";
import { preferenceSwitch } from "~/web/preference-switch.server";
import { answerMonthlyForm, MONTHLY_INTENT } from "./monthly-form.server";

/**
 * What the pledge form (/donation-pools/{id}/donate) and the general donation form (/donate)
 * share on the server: the form's values as the service expects them, the status link, and the
 * refusal that keeps everything the donor typed.
 */

/** The donor's own page for one pledge or donation; the token is its only key. */
export const statusPath = (token: string) => `/donations/${token}`;

/** The verified gift's receipt, printable and as a PDF (issue 20, decision 036). */
export const receiptPagePath = (token: string) => `${statusPath(token)}/receipt`;
export const receiptPdfPath = (token: string) => `${statusPath(token)}/receipt.pdf`;

/**
 * The status link is the key to the donor's pages (status, receipt): no shared cache may keep
 * them, and no search engine index them.
 */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** The JSON answer of both POST routes of /api (201). */
export function receiptJson(receipt: PledgeReceipt, request: Request) {
  return {
    id: receipt.id,
    pool_id: receipt.pool_id,
    amount: receipt.amount,
    transaction_reference: receipt.transaction_reference,
    payment_code: receipt.payment_code,
    status: receipt.status,
    status_url: `${siteOrigin(request)}${statusPath(receipt.status_token)}`,
  };
}

/**
 * The posted form as the service's input. A checkbox that is not ticked is not sent at all,
 * which the shared schema (written for JSON, where "absent" means the default: shown) would read
 * as ticked — so on a form, absent means no.
 */
export function donationInput(form: FormData) {
  const input: Record<string, unknown> = {};
  for (const [key, value] of form) if (typeof value === "string") input[key] = value;
  input.display_in_leaderboard = form.get("display_in_leaderboard") === "on";
  return input;
}

/** A conform submission (either outcome): what it takes to answer the form. */
interface Replyable {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
  }): SubmissionResult<string[]>;
}

/**
 * A language or theme switch without JavaScript (preference-switch.server.ts): the form again,
 * in the new language or theme, as the donor typed it, with nothing checked or refused yet.
 */
export function keepTyped(form: FormData, headers: Headers) {
  const initialValue: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") initialValue[key] = value;
  return data<FormReply>({ result: formResult(initialValue), toast: null }, { headers });
}

const errorToast = (description: string): ToastMessage => ({
  type: "error",
  title: "donate:toast.error",
  description,
});

/**
 * The form comes back with its values and the field errors, and nothing else: the spec's error
 * toast is for a pledge the server could not take, not for a field the donor left empty.
 */
export function refuseInvalid(submission: Replyable) {
  return data<FormReply>({ result: submission.reply(), toast: null }, { status: 400 });
}

/**
 * A refusal by the service (closed pool, too many attempts, the bot trap): the reason above the
 * form and in the toast, the values kept, the service's status and headers (Retry-After) passed on.
 */
export function refuseByService(submission: Replyable, error: HttpError) {
  return data<FormReply>(
    {
      result: submission.reply({
        formErrors: [error.message],
        fieldErrors: error.fieldErrors,
      }),
      toast: errorToast(error.message),
    },
    { status: error.status, headers: error.headers },
  );
}

/**
 * A donation page's data with the payment code held for this visitor (decision 022): the code
 * the page shows is the one the pledge will carry, through reloads.
 */
export async function withHeldCode<T extends object>(
  request: Request,
  target: CodeTarget,
  body: T,
) {
  const held = await heldPaymentCode(request, target);
  return data(
    { ...body, paymentCode: held.code, botTrap: botTrapToken() },
    { headers: { "Set-Cookie": held.setCookie } },
  );
}

/**
 * Both donation forms' action: a language or theme switch keeps the typing; the form is checked
 * by the schema the service uses, then the service records it and the donor goes to the status
 * page with `title` as the toast. A refusal by the service comes back above the form; a 404 (the
 * campaign is gone) is the page's own error.
 */
export async function answerDonationForm(
  request: Request,
  schema: ZodTypeAny,
  create: (input: Record<string, unknown>, request: Request) => Promise<PledgeReceipt>,
  title: string,
  /** Where the page's monthly form gives (issue 43): a campaign's id, or null for the site. */
  monthlyTo: number | null,
) {
  const form = await request.formData();
  const switched = await preferenceSwitch(form, request);
  if (switched) {
    const kept = keepTyped(form, switched);
    // The monthly form's typing goes back to the monthly form (the page shows it by `intent`).
    if (form.get("intent") === MONTHLY_INTENT) kept.data.intent = MONTHLY_INTENT;
    return kept;
  }
  if (form.get("intent") === MONTHLY_INTENT) return answerMonthlyForm(request, form, monthlyTo);
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return refuseInvalid(submission);
  const trapped = botTrapRefusal(form);
  if (trapped) return refuseByService(submission, new HttpError(400, trapped));
  try {
    const receipt = await create(donationInput(form), request);
    return redirectWithToast(request, statusPath(receipt.status_token), {
      type: "success",
      title,
      description: "donate:toast.pledged.description",
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 404) throw new Response(null, { status: 404, statusText: "Not Found" });
    return refuseByService(submission, error);
  }
}
