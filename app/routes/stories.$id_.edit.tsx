import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DraftNotice, useDraft } from "~/components/draft";
import { StatusButton } from "~/components/forms";
import { POST_STORY_FORM } from "~/components/post-story/hidden-values";
import { StepStory } from "~/components/post-story/step-story";
import { RejectionText } from "~/components/story/rejection";
import { Toaster } from "~/components/toaster";
import { LIMITS } from "~/constants";
import { HttpError } from "~/http/http.server";
import { idParam } from "~/http/params.server";
import { readFormWithFile } from "~/http/upload.server";
import { getT } from "~/i18next.server";
import { type FormReply, fieldErrorsOf, formResult } from "~/lib/form-reply";
import { formatDate, formatDateTime, formatMoney } from "~/lib/format";
import { metaFrom, pageMeta } from "~/lib/meta";
import type { ToastMessage } from "~/lib/toast";
import { requireOwnStory } from "~/models/not-yours.server";
import { redirectWithToast } from "~/models/sessions.server";
import {
  editOwnStory,
  getStoryEdit,
  type StoryEditOutcome,
  storyEditMode,
  withdrawStoryEdit,
} from "~/models/story-edit.server";
import { storeFormImage } from "~/models/story-submission.server";
import type { WizardErrors, WizardValues } from "~/routes/post-story";
import { StoryStep1Schema } from "~/schemas/story";
import { splitMessage } from "~/schemas/zod";
import { requireUser } from "~/web/auth.server";
import { preferenceSwitch } from "~/web/preference-switch.server";
import { screenAction } from "~/web/route.server";

/**
 * An author edits their own story (issues 16 and 18): the wizard's first step, filled with the
 * story as it is (or with the author's edit that waits for review). What saving does depends on
 * the story's state (`storyEditMode`, decision 029): a rejected story goes back to review, a
 * waiting one is updated, a published one is changed at once or after review. Works without
 * JavaScript; a new picture is stored at once, as in the wizard, so an error elsewhere does not
 * lose it.
 */

const EDITABLE = [
  "title",
  "story",
  "bank_name",
  "bank_account",
  "account_name",
  "image_id",
] as const;

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

/** The caller's own story; anyone else's is refused by the service's rule (decision 055). */
async function ownStory(request: Request, idValue: string | undefined) {
  const user = await requireUser(request);
  const id = idParam(idValue);
  if (!id) throw notFound();
  try {
    return { user, story: await requireOwnStory(user, id) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // The error page with the refusal's status and message, for the loader as for the action.
    throw data({ message: error.message }, { status: error.status });
  }
}

/** Where the author lands after saving, and what the toast says. */
const SAVED: Record<StoryEditOutcome, { to: (id: number) => string; toast: string }> = {
  resubmitted: { to: () => "/profile", toast: "post:edit.toast" },
  updated: { to: () => "/profile", toast: "post:edit.saved.updated" },
  awaiting_review: { to: () => "/profile", toast: "post:edit.saved.awaiting_review" },
  published: { to: (id) => `/stories/${id}`, toast: "post:edit.saved.published" },
};

function blankValues(): WizardValues {
  return {
    title: "",
    story: "",
    bank_name: "",
    bank_account: "",
    account_name: "",
    pricing_tier: "",
    payment_reference: "",
    image_id: "",
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { story } = await ownStory(request, params.id);
  const [t, mode, waiting] = await Promise.all([
    getT(request, ["common", "post"]),
    storyEditMode(story),
    getStoryEdit(story.id),
  ]);
  const paid = story.pricing_tier !== "free";
  // The form starts from the author's waiting edit, if any: sending again replaces it.
  const shown = waiting ?? story;
  return {
    meta: pageMeta(t, `post:edit.modes.${mode}.title`, `post:edit.modes.${mode}.intro`),
    id: story.id,
    mode,
    waitingSince: waiting?.submitted_at ?? null,
    featuredUntil:
      story.status === "approved" &&
      paid &&
      story.expires_at &&
      story.expires_at > new Date().toISOString()
        ? story.expires_at
        : null,
    values: {
      ...blankValues(),
      title: shown.title,
      story: shown.story,
      bank_name: shown.bank_name,
      bank_account: shown.bank_account,
      account_name: shown.account_name ?? "",
      image_id: shown.story_image ?? "",
    },
    rejection:
      mode === "resubmit" ? { reason: story.rejection_reason, note: story.rejection_note } : null,
    payment:
      mode !== "resubmit" || !paid
        ? null
        : story.refunded_at
          ? ({ kind: "payAgain" } as const)
          : story.payment_status === "verified"
            ? ({ kind: "keeps", price: story.price } as const)
            : null,
  };
}

export const action = (args: ActionFunctionArgs) =>
  screenAction(args, async ({ request, params }) => {
    const { user, story } = await ownStory(request, params.id);
    const { form, file, fileError } = await readFormWithFile(
      request,
      "image",
      LIMITS.imageMaxBytes,
    );
    const values = blankValues();
    for (const field of EDITABLE) values[field] = String(form.get(field) ?? "");
    const intent = String(form.get("intent") ?? "next");
    const reply = (errors: WizardErrors = {}, toast: ToastMessage | null = null) =>
      data<FormReply>(
        { result: formResult(values, errors as Record<string, string[]>), toast },
        { status: Object.keys(errors).length ? 400 : 200 },
      );

    if (intent === "withdraw") {
      await withdrawStoryEdit(user, story.id);
      return redirectWithToast(request, `/stories/${story.id}/edit`, {
        type: "success",
        title: "post:edit.withdrawn",
      });
    }
    const image = await storeFormImage(user, file, fileError);
    if (image.imageId) values.image_id = image.imageId;
    if (intent === "remove-image") values.image_id = "";
    const switched = await preferenceSwitch(form, request);
    if (switched)
      return data<FormReply>({ result: formResult(values), toast: null }, { headers: switched });
    if (image.error) {
      const { key, values: params } = splitMessage(image.error);
      return reply({ image: [image.error] }, { type: "error", title: key, values: params });
    }
    if (intent === "remove-image") return reply();

    const found = fieldErrorsOf(StoryStep1Schema, values);
    if (Object.keys(found).length) return reply(found);
    let outcome: StoryEditOutcome;
    try {
      ({ outcome } = await editOwnStory(user, story.id, values, values.image_id || null));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return reply((error.fieldErrors ?? {}) as WizardErrors, {
        type: "error",
        title: "post:toast.submitError.title",
        description: error.message,
      });
    }
    const saved = SAVED[outcome];
    return redirectWithToast(request, saved.to(story.id), {
      type: "success",
      title: `${saved.toast}.title`,
      description: `${saved.toast}.description`,
    });
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);
export const handle = { i18n: ["common", "post", "plans"], keepTyping: POST_STORY_FORM };

export default function EditStory() {
  const { t, i18n } = useTranslation("post");
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormReply | undefined;
  const values = (result?.result.initialValue as WizardValues | undefined) ?? loaded.values;
  const { payment, mode, rejection } = loaded;
  const draft = useDraft(POST_STORY_FORM, `edit-story-${loaded.id}`);
  return (
    <div className="container max-w-4xl py-8 sm:py-12">
      <h1 className="text-balance text-2xl font-bold tracking-tight sm:text-3xl">
        {t(`edit.modes.${mode}.title`)}
      </h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">{t(`edit.modes.${mode}.intro`)}</p>
      {rejection ? (
        <div
          className="mb-6 mt-4 space-y-2 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm"
          data-testid="edit-rejection"
        >
          <p>
            <span className="font-semibold">{t("common:rejection.label")}</span>{" "}
            <RejectionText reason={rejection.reason} note={rejection.note} />
          </p>
          {payment ? (
            <p>
              {payment.kind === "keeps"
                ? t("edit.keepsPayment", { price: formatMoney(payment.price) })
                : t("edit.payAgain")}
            </p>
          ) : null}
        </div>
      ) : null}
      {loaded.featuredUntil ? (
        <p className="mt-4 rounded-xl border border-gold/40 bg-gold/5 p-4 text-sm">
          {t("edit.featuredKeeps", { date: formatDate(loaded.featuredUntil, i18n.language) })}
        </p>
      ) : null}
      {loaded.waitingSince ? <WaitingEdit since={loaded.waitingSince} /> : null}
      <div className="mt-6">
        <DraftNotice restored={draft.restored} onDiscard={draft.discard} />
        <StepStory
          values={values}
          errors={(result?.result.error ?? {}) as WizardErrors}
          submitLabel={t(`edit.modes.${mode}.submit`)}
          back={
            <Link to="/profile" className="btn-outline w-full py-3 sm:w-auto">
              {t("edit.cancel")}
            </Link>
          }
        />
      </div>
      <Toaster toast={result?.toast} />
    </div>
  );
}

/** The author's earlier edit still waits for review: sending again replaces it; or take it back. */
function WaitingEdit({ since }: { since: string }) {
  const { t, i18n } = useTranslation("post");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "withdraw";
  return (
    <Form
      method="post"
      className="mt-4 flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="edit-waiting"
    >
      <p>{t("edit.waiting", { date: formatDateTime(since, i18n.language) })}</p>
      <StatusButton
        name="intent"
        value="withdraw"
        className="btn-outline shrink-0"
        pending={pending}
      >
        {t("edit.withdraw")}
      </StatusButton>
    </Form>
  );
}
