import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/auth.server";
import {
  NewPoolForm,
  POOL_FORM_FIELDS,
  type PoolFormErrors,
  type PoolFormValues,
} from "~/components/admin/donations/new-pool-form";
import { Toaster } from "~/components/toaster";
import { payee } from "~/config.server";
import { BANKS } from "~/constants";
import {
  checkPoolMedia,
  createPool,
  POOL_BODY_LIMIT,
  readPoolUpload,
  savePoolMedia,
} from "~/models/pool-create.server";
import { PoolSchema } from "~/schemas/pool";
import { redirectWithToast } from "~/sessions.server";
import { HttpError } from "~/utils/http.server";
import { screenAction } from "~/utils/route.server";
import type { ToastMessage } from "~/utils/toast";

/** The empty form: bank details default to the site's payee (spec 02 §3 donation_pools). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const values = Object.fromEntries(POOL_FORM_FIELDS.map((f) => [f, ""])) as PoolFormValues;
  values.bank_name = (BANKS as readonly string[]).includes(payee.bank_name)
    ? payee.bank_name
    : BANKS[0];
  values.bank_account = payee.bank_account;
  values.account_name = payee.account_name;
  return { values };
}

const MEDIA_SLOTS = ["photo_1", "photo_2", "photo_3", "video"] as const;

/**
 * Not adminAction: that one reads the body with request.formData(), which would hold a 100 MB
 * video in memory. readPoolUpload streams the parts with a limit per file instead;
 * the same-origin check (screenAction) and the administrator check (requireAdmin) come first.
 *
 * Files are stored as soon as they arrive and travel on as hidden media ids, so a correction of
 * another field never asks for them again. Field errors come back with status 400 and every
 * value; success goes to the pools sub-tab with a toast.
 */
export const action = (args: ActionFunctionArgs) =>
  screenAction(
    args,
    async ({ request }) => {
      const admin = await requireAdmin(request);
      const upload = await readPoolUpload(request);
      const values = Object.fromEntries(
        POOL_FORM_FIELDS.map((f) => [f, upload.fields[f] ?? ""]),
      ) as PoolFormValues;
      const errors: PoolFormErrors = {};
      for (const [slot, message] of Object.entries(upload.fileErrors)) {
        errors[slot as keyof PoolFormErrors] = [message];
      }
      // Unlike the /api, the files that pass are kept even when the rest of the form is
      // refused: they travel back as ids, so the administrator never chooses them again.
      const checked = await checkPoolMedia(upload.files);
      const ids = await savePoolMedia(checked.prepared, admin);
      for (const [slot, id] of Object.entries(ids)) values[`${slot}_id` as "video_id"] = id;
      for (const [slot, failure] of Object.entries(checked.errors)) {
        errors[slot as keyof PoolFormErrors] = [failure.message];
      }
      const reply = (status: number, toast: ToastMessage | null = null) =>
        data({ values, errors, toast }, { status });

      const intent = upload.fields.intent ?? "create";
      const removed = MEDIA_SLOTS.find((slot) => intent === `remove-${slot}`);
      if (removed) {
        values[`${removed}_id`] = "";
        return reply(Object.keys(errors).length ? 400 : 200);
      }

      const parsed = PoolSchema.safeParse(values);
      if (!parsed.success) Object.assign(errors, parsed.error.flatten().fieldErrors);
      if (Object.keys(errors).length) return reply(400);

      try {
        const pool = await createPool(admin, values, {
          photo_1: values.photo_1_id,
          photo_2: values.photo_2_id,
          photo_3: values.photo_3_id,
          video: values.video_id,
        });
        return redirectWithToast(request, "/admin/donations/pools", {
          type: "success",
          title: "admin:newPool.toast.created",
          description: "admin:newPool.toast.createdDescription",
          values: { name: pool.name },
        });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        for (const [slot, messages] of Object.entries(error.fieldErrors ?? {})) {
          errors[slot as keyof PoolFormErrors] = messages;
          // A stored file that has gone (deleted meanwhile) must be chosen again.
          if (`${slot}_id` in values) values[`${slot}_id` as "video_id"] = "";
        }
        return reply(error.status, {
          type: "error",
          title: "admin:newPool.toast.failed",
          description: error.message,
        });
      }
    },
    { multipart: POOL_BODY_LIMIT },
  );

export const handle = { i18n: ["common", "admin", "stories", "donate", "plans"] };

export default function NewPool() {
  const { t } = useTranslation("admin");
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="max-w-5xl">
      <h3 className="text-xl font-semibold">{t("newPool.title")}</h3>
      <p className="mb-5 text-sm text-muted-foreground">{t("newPool.subtitle")}</p>
      <NewPoolForm
        key={result ? "result" : "fresh"}
        values={result?.values ?? loaded.values}
        errors={result?.errors ?? {}}
      />
      <Toaster toast={result?.toast} />
    </div>
  );
}
