import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NewPoolForm, type PoolFormValues } from "~/components/admin/donations/new-pool-form";
import { ArrowLeftIcon } from "~/components/icons";
import { Toaster } from "~/components/toaster";
import { idParam } from "~/http/params.server";
import { getPoolRow, POOL_BODY_LIMIT, updatePool } from "~/models/pool-create.server";
import { redirectWithToast } from "~/models/sessions.server";
import { handlePoolForm } from "~/screens/admin/pool-form.server";
import { requireAdmin } from "~/web/auth.server";
import { screenAction } from "~/web/route.server";

/**
 * Editing a pool (issue 16): the creation form, filled in with the pool as it is — its text,
 * goal, bank details, last day and stored media, which stay unless removed or replaced.
 */
function poolId(param: string | undefined) {
  const id = idParam(param);
  if (id === null) throw new Response(null, { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const pool = await getPoolRow(poolId(params.id));
  if (!pool) throw new Response(null, { status: 404 });
  const values: PoolFormValues = {
    name: pool.name,
    description: pool.description,
    goal_amount: String(pool.goal_amount),
    bank_name: pool.bank_name,
    bank_account: pool.bank_account,
    account_name: pool.account_name,
    ends_on: pool.ends_on ?? "",
    photo_1_id: pool.photo_1 ?? "",
    photo_2_id: pool.photo_2 ?? "",
    photo_3_id: pool.photo_3 ?? "",
    video_id: pool.video_url ?? "",
  };
  return { id: pool.id, values };
}

export const action = (args: ActionFunctionArgs) =>
  screenAction(
    args,
    ({ request, params }) =>
      handlePoolForm(
        request,
        "save",
        async (admin, values, media) => {
          const pool = await updatePool(admin, poolId(params.id), values, media);
          return redirectWithToast(request, "/admin/donations/pools", {
            type: "success",
            title: "admin:editPool.toast.saved",
            description: "admin:editPool.toast.savedName",
            values: { name: pool.name },
          });
        },
        "admin:editPool.toast.failed",
      ),
    { multipart: POOL_BODY_LIMIT },
  );

export const handle = { i18n: ["common", "admin", "stories", "donate", "plans"] };

export default function EditPool() {
  const { t } = useTranslation("admin");
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="max-w-5xl">
      <Link
        to="/admin/donations/pools"
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon width={14} height={14} />
        {t("donations.pools.title")}
      </Link>
      <h3 className="mt-2 text-xl font-semibold">{t("editPool.title")}</h3>
      <p className="mb-5 text-sm text-muted-foreground">{t("editPool.subtitle")}</p>
      <NewPoolForm
        key={result ? "result" : `pool-${loaded.id}`}
        mode="edit"
        values={(result?.result.initialValue as PoolFormValues | undefined) ?? loaded.values}
        errors={result?.result.error ?? {}}
      />
      <Toaster toast={result?.toast} />
    </div>
  );
}
