import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PoolAdminCard } from "~/components/admin/donations/pool-admin-card";
import { Pagination } from "~/components/pagination";
import { EmptyState } from "~/components/section-error";
import { setPoolStatus } from "~/models/pool-admin.server";
import { listPoolsPage } from "~/models/pools.server";
import { adminAction, formId } from "~/web/admin.server";
import { requireAdmin } from "~/web/auth.server";

const PAGE_SIZE = 10;

/** Every pool, archived too: active first, then completed, then archived, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = Math.max(
    1,
    Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1,
  );
  return { pools: await listPoolsPage(page, PAGE_SIZE) };
}

/** Status buttons: any status from any status (spec 02 §4), audited by the service. */
export const action = (args: ActionFunctionArgs) =>
  adminAction(
    args,
    async ({ form, admin }) => {
      const id = formId(form);
      const status = String(form.get("status") ?? "");
      await setPoolStatus(id, status, admin);
      return {
        type: "success",
        title: "admin:donations.toast.statusUpdated",
        description: `admin:donations.toast.statusNow.${status}`,
      };
    },
    "admin:donations.toast.statusFailed",
  );

export const handle = { i18n: ["common", "admin", "stories", "donate"] };

export default function AdminPools() {
  const { t } = useTranslation("admin");
  const { pools } = useLoaderData<typeof loader>();
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 className="text-xl font-semibold">{t("donations.pools.title")}</h3>
          <p className="text-sm text-muted-foreground">
            {t("donations.pools.count", { count: pools.total })}
          </p>
        </div>
        <Link to="/admin/donations/new" className="btn-primary">
          {t("donations.tabs.new")}
        </Link>
      </div>
      {pools.items.length === 0 ? (
        <div className="mt-6">
          <EmptyState>{t("donations.pools.empty")}</EmptyState>
        </div>
      ) : (
        <ul className="mt-5 grid gap-4">
          {pools.items.map((pool) => (
            <PoolAdminCard key={pool.id} pool={pool} />
          ))}
        </ul>
      )}
      <Pagination
        page={pools.page}
        pageCount={pools.pageCount}
        hrefFor={(p) => (p > 1 ? `?page=${p}` : ".")}
      />
    </div>
  );
}
