import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DraftNotice, useDraft } from "~/components/draft";
import { POST_STORY_FORM } from "~/components/post-story/hidden-values";
import { StepPayment } from "~/components/post-story/step-payment";
import { StepPlan } from "~/components/post-story/step-plan";
import { StepStory } from "~/components/post-story/step-story";
import { WizardSteps } from "~/components/post-story/wizard-steps";
import { Toaster } from "~/components/toaster";
import { payee } from "~/config.server";
import { LIMITS } from "~/constants";
import { HttpError } from "~/http/http.server";
import { readFormWithFile } from "~/http/upload.server";
import { getT } from "~/i18next.server";
import { type FormReply, fieldErrorsOf, formResult } from "~/lib/form-reply";
import { metaFrom, pageMeta } from "~/lib/meta";
import { resolvePlans } from "~/lib/plans";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/models/sessions.server";
import { getPremiumSettings } from "~/models/settings.server";
import { draftImage, heldStoryReference, keepDraftImage } from "~/models/story-drafts.server";
import { createStory, storeFormImage } from "~/models/story-submission.server";
import { StorySchema, StoryStep1Schema, StoryStep2Schema } from "~/schemas/story";
import { splitMessage } from "~/schemas/zod";
import { requireUser } from "~/web/auth.server";
import { preferenceSwitch } from "~/web/preference-switch.server";
import { screenAction } from "~/web/route.server";

/**
 * The three-step story wizard (spec 02 §2, §4). Every step is a server round trip, so it works
 * without JavaScript; the values travel between steps as form fields and the image, stored at
 * step 1, as its media id — nothing typed or uploaded is lost between steps or on an error.
 */

const FIELDS = [
  "title",
  "story",
  "bank_name",
  "bank_account",
  "account_name",
  "pricing_tier",
  "payment_reference",
  "image_id",
] as const;
export type WizardValues = Record<(typeof FIELDS)[number], string>;
export type WizardErrors = Partial<Record<(typeof FIELDS)[number] | "image" | "form", string[]>>;
export type WizardStep = 1 | 2 | 3;
/** The wizard's answer: the step to show, and the form's values and messages (form-reply.ts). */
type WizardReply = FormReply & { step: WizardStep };

const LOGIN_TOAST: ToastMessage = { type: "error", title: "post:toast.loginRequired" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { toast: LOGIN_TOAST });
  const t = await getT(request, ["common", "post"]);
  // The FAQ's plan cards link here with ?tier=…: that plan starts out chosen in step 2.
  const tier = new URL(request.url).searchParams.get("tier");
  return {
    tier: StoryStep2Schema.safeParse({ pricing_tier: tier }).success ? (tier as string) : "",
    meta: pageMeta(t, "post:metaTitle", "post:metaDescription"),
    plans: resolvePlans(await getPremiumSettings()),
    payee,
    // The picture the author's draft holds (decision 059): a reload does not lose it.
    image_id: (await draftImage(user)) ?? "",
  };
}

const toastOf = ({ key, values }: ReturnType<typeof splitMessage>) => ({ title: key, values });

const stepOf = (v: FormDataEntryValue | null): WizardStep => (v === "2" ? 2 : v === "3" ? 3 : 1);

export const action = (args: ActionFunctionArgs) =>
  screenAction(args, async ({ request }) => {
    const user = await requireUser(request, { toast: LOGIN_TOAST });
    const { form, file, fileError } = await readFormWithFile(
      request,
      "image",
      LIMITS.imageMaxBytes,
    );
    const values = Object.fromEntries(
      FIELDS.map((f) => [f, String(form.get(f) ?? "")]),
    ) as WizardValues;
    const intent = String(form.get("intent") ?? "next");
    const step = stepOf(form.get("step"));
    const reply = (to: WizardStep, errors: WizardErrors = {}, toast: ToastMessage | null = null) =>
      data<WizardReply>(
        { step: to, result: formResult(values, errors as Record<string, string[]>), toast },
        { status: Object.keys(errors).length ? 400 : 200 },
      );

    // A new image replaces the previous one; it is stored now so that it survives the next steps.
    const errors: WizardErrors = {};
    const image = await storeFormImage(user, file, fileError);
    if (image.error) errors.image = [image.error];
    if (image.imageId) values.image_id = image.imageId;
    if (intent === "remove-image") values.image_id = "";
    if (image.imageId || intent === "remove-image")
      await keepDraftImage(user, values.image_id || null);
    // A language or theme switch without JavaScript: the same step again, as typed.
    const switched = await preferenceSwitch(form, request);
    if (switched)
      return data<WizardReply>(
        { step, result: formResult(values), toast: null },
        { headers: switched },
      );

    if (intent === "back") return reply(step === 3 ? 2 : 1);
    if (intent === "remove-image" || errors.image)
      return reply(
        1,
        errors,
        errors.image ? { type: "error", ...toastOf(splitMessage(errors.image[0]!)) } : null,
      );

    if (step === 1) {
      const found = fieldErrorsOf(StoryStep1Schema, values);
      return Object.keys(found).length ? reply(1, found) : reply(2);
    }

    const planErrors = fieldErrorsOf(StoryStep2Schema, values);
    if (Object.keys(planErrors).length) return reply(2, planErrors);
    if (step === 2 && values.pricing_tier !== "free") {
      // The code held for this author's draft: the same however often step 2 is passed.
      if (!values.payment_reference) values.payment_reference = await heldStoryReference(user);
      return reply(3);
    }

    const all = fieldErrorsOf(StorySchema, values);
    if (Object.keys(all).length) {
      return reply(all.payment_reference && Object.keys(all).length === 1 ? 3 : 1, all);
    }
    try {
      const story = await createStory(user, values, values.image_id || null);
      const paid = story.pricing_tier !== "free";
      const published = !paid && story.status === "approved";
      return redirectWithToast(request, "/", {
        type: "success",
        title: "post:toast.submitted.title",
        description: paid
          ? "post:toast.submitted.paid"
          : published
            ? "post:toast.submitted.free"
            : "post:toast.submitted.review",
        // A published story is read at its page; one waiting for review is followed in /profile.
        link: published
          ? { href: `/stories/${story.id}`, label: "post:toast.submitted.readIt" }
          : { href: "/profile", label: "post:toast.submitted.followIt" },
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const fieldErrors = (error.fieldErrors ?? {}) as WizardErrors;
      return reply(step, fieldErrors, {
        type: "error",
        title: "post:toast.submitError.title",
        description: error.message,
      });
    }
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);
export const handle = { i18n: ["common", "post", "plans"], keepTyping: POST_STORY_FORM };

export default function PostStory() {
  const { plans, payee, tier, image_id } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as WizardReply | undefined;
  const step: WizardStep = reply?.step ?? 1;
  const values: WizardValues =
    (reply?.result.initialValue as WizardValues | undefined) ??
    ({
      ...Object.fromEntries(FIELDS.map((f) => [f, ""])),
      pricing_tier: tier,
      image_id,
    } as WizardValues);
  const errors = (reply?.result.error ?? {}) as WizardErrors;
  const plan = plans.find((p) => p.tier === values.pricing_tier);
  const draft = useDraft(POST_STORY_FORM, "post-story", step);

  return (
    <div className="container max-w-4xl py-8 sm:py-12">
      <WizardSteps
        step={step}
        paid={values.pricing_tier !== "" && values.pricing_tier !== "free"}
      />
      <DraftNotice restored={draft.restored} onDiscard={draft.discard} />
      {step === 1 ? <StepStory key="1" values={values} errors={errors} /> : null}
      {step === 2 ? <StepPlan key="2" values={values} errors={errors} plans={plans} /> : null}
      {step === 3 && plan ? (
        <StepPayment key="3" values={values} errors={errors} plan={plan} payee={payee} />
      ) : null}
      <Toaster toast={reply?.toast} />
    </div>
  );
}
