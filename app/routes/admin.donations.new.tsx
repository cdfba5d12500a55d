import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  NewPoolForm,
  POOL_FORM_FIELDS,
  type PoolFormValues,
} from "~/components/admin/donations/new-pool-form";
import { Toaster } from "~/components/toaster";
import { payee } from "~/config.server";
import { BANKS } from "~/constants";
import { createPool, POOL_BODY_LIMIT } from "~/models/pool-create.server";
import { redirectWithToast } from "~/models/sessions.server";
import { handlePoolForm } from "~/screens/admin/pool-form.server";
import { requireAdmin } from "~/web/auth.server";
import { screenAction } from "~/web/route.server";

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

/**
 * Not adminAction: that one reads the body with request.formData(), which would hold a 100 MB
 * video in memory; handlePoolForm streams it (the same-origin check comes first, screenAction).
 * Success goes to the pools sub-tab with a toast.
 */
export const action = (args: ActionFunctionArgs) =>
  screenAction(
    args,
    ({ request }) =>
      handlePoolForm(
        request,
        "create",
        async (admin, values, media) => {
          const pool = await createPool(admin, values, media);
          return redirectWithToast(request, "/admin/donations/pools", {
            type: "success",
            title: "admin:newPool.toast.created",
            description: "admin:newPool.toast.createdDescription",
            values: { name: pool.name },
          });
        },
        "admin:newPool.toast.failed",
      ),
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
        values={(result?.result.initialValue as PoolFormValues | undefined) ?? loaded.values}
        errors={result?.result.error ?? {}}
      />
      <Toaster toast={result?.toast} />
    </div>
  );
}
