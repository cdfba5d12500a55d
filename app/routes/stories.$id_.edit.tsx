import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth.server";
import { DraftNotice, useDraft } from "~/components/draft";
import { POST_STORY_FORM } from "~/components/post-story/hidden-values";
import { StepStory } from "~/components/post-story/step-story";
import { RejectionText } from "~/components/story/rejection";
import { Toaster } from "~/components/toaster";
import { LIMITS } from "~/constants";
import { getT } from "~/i18next.server";
import { getOwnStory, resubmitStory, storeFormImage } from "~/models/story-submission.server";
import type { WizardErrors, WizardValues } from "~/routes/post-story";
import { StoryStep1Schema } from "~/schemas/story";
import { splitMessage } from "~/schemas/zod";
import { redirectWithToast } from "~/sessions.server";
import { type FormReply, fieldErrorsOf, formResult } from "~/utils/form-reply";
import { formatMoney } from "~/utils/format";
import { HttpError } from "~/utils/http.server";
import { metaFrom, pageMeta } from "~/utils/meta";
import { idParam } from "~/utils/params.server";
import { preferenceSwitch } from "~/utils/preference-switch.server";
import { screenAction } from "~/utils/route.server";
import type { ToastMessage } from "~/utils/toast";
import { readFormWithFile } from "~/utils/upload.server";

/**
 * A rejected story, edited by its author and sent for review again (issue 16): the wizard's first
 * step, filled with the story as it was. Works without JavaScript; a new picture is stored at
 * once, as in the wizard, so an error elsewhere does not lose it.
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

async function ownRejectedStory(request: Request, idValue: string | undefined) {
  const user = await requireUser(request);
  const id = idParam(idValue);
  const story = id ? await getOwnStory(user, id) : null;
  if (!story) throw notFound();
  if (story.status !== "rejected") {
    throw await redirectWithToast(request, `/stories/${story.id}`, {
      type: "error",
      title: "post:edit.errors.notRejected",
    });
  }
  return { user, story };
}

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
  const { story } = await ownRejectedStory(request, params.id);
  const t = await getT(request, ["common", "post"]);
  const paid = story.pricing_tier !== "free";
  return {
    meta: pageMeta(t, "post:edit.metaTitle", "post:edit.intro"),
    id: story.id,
    values: {
      ...blankValues(),
      title: story.title,
      story: story.story,
      bank_name: story.bank_name,
      bank_account: story.bank_account,
      account_name: story.account_name ?? "",
      image_id: story.story_image ?? "",
    },
    rejection: { reason: story.rejection_reason, note: story.rejection_note },
    payment: !paid
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
    const { user, story } = await ownRejectedStory(request, params.id);
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
    try {
      await resubmitStory(user, story.id, values, values.image_id || null);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return reply((error.fieldErrors ?? {}) as WizardErrors, {
        type: "error",
        title: "post:toast.submitError.title",
        description: error.message,
      });
    }
    return redirectWithToast(request, "/profile", {
      type: "success",
      title: "post:edit.toast.title",
      description: "post:edit.toast.description",
    });
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);
export const handle = { i18n: ["common", "post", "plans"], keepTyping: POST_STORY_FORM };

export default function EditRejectedStory() {
  const { t } = useTranslation("post");
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormReply | undefined;
  const values = (result?.result.initialValue as WizardValues | undefined) ?? loaded.values;
  const { payment } = loaded;
  const draft = useDraft(POST_STORY_FORM, `edit-story-${loaded.id}`);
  return (
    <div className="container max-w-4xl py-8 sm:py-12">
      <h1 className="text-balance text-2xl font-bold tracking-tight sm:text-3xl">
        {t("edit.title")}
      </h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">{t("edit.intro")}</p>
      <div
        className="mb-6 mt-4 space-y-2 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm"
        data-testid="edit-rejection"
      >
        <p>
          <span className="font-semibold">{t("common:rejection.label")}</span>{" "}
          <RejectionText reason={loaded.rejection.reason} note={loaded.rejection.note} />
        </p>
        {payment ? (
          <p>
            {payment.kind === "keeps"
              ? t("edit.keepsPayment", { price: formatMoney(payment.price) })
              : t("edit.payAgain")}
          </p>
        ) : null}
      </div>
      <DraftNotice restored={draft.restored} onDiscard={draft.discard} />
      <StepStory
        values={values}
        errors={(result?.result.error ?? {}) as WizardErrors}
        submitLabel={t("edit.submit")}
        back={
          <Link to="/profile" className="btn-outline w-full py-3 sm:w-auto">
            {t("edit.cancel")}
          </Link>
        }
      />
      <Toaster toast={result?.toast} />
    </div>
  );
}
