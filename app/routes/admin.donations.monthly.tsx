import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MonthlyDonorCard } from "~/components/admin/donations/monthly-donor-card";
import { FilterLinks } from "~/components/admin/stories/filter-links";
import { Pagination } from "~/components/pagination";
import { EmptyState } from "~/components/section-error";
import {
  listMonthlyDonors,
  MONTHLY_FILTERS,
  parseMonthlyFilter,
} from "~/models/monthly-admin.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * The monthly donors (issue 43): who gives every month, to what, how, and which months were paid
 * and missed. Filtered by status with links (?status=…), paged: no JavaScript needed. Read only:
 * a donor changes their own gift through the signed link.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1;
  return {
    list: await listMonthlyDonors(parseMonthlyFilter(url.searchParams.get("status")), page),
    // From the loader: the module that names them is server-only, kept out of the browser.
    filters: MONTHLY_FILTERS,
  };
}

export const handle = { i18n: ["common", "admin"] };

const hrefFor = (status: string, page = 1) => {
  const params = new URLSearchParams();
  if (status !== "all") params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : ".";
};

export default function AdminMonthly() {
  const { t } = useTranslation("admin");
  const { list, filters } = useLoaderData<typeof loader>();
  return (
    <div>
      <h3 className="text-xl font-semibold">{t("donations.monthly.title")}</h3>
      <p className="mt-1 max-w-prose text-sm text-muted-foreground">
        {t("donations.monthly.lead")}
      </p>
      <div className="mt-4">
        <FilterLinks
          label={t("donations.monthly.filter")}
          options={filters.map((status) => ({
            value: status,
            label: t(`donations.monthly.status.${status}`),
            href: hrefFor(status),
            active: list.filter === status,
            count: list.counts[status],
          }))}
        />
      </div>
      {list.items.length === 0 ? (
        <div className="mt-6">
          <EmptyState>{t("donations.monthly.empty")}</EmptyState>
        </div>
      ) : (
        <ul className="mt-5 grid gap-3" data-testid="monthly-donors">
          {list.items.map((row) => (
            <MonthlyDonorCard key={row.id} row={row} />
          ))}
        </ul>
      )}
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(p) => hrefFor(list.filter, p)}
      />
    </div>
  );
}
