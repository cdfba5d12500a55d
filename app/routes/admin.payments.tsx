import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterLinks } from "~/components/admin/stories/filter-links";
import { hrefWith, pageParam } from "~/components/admin/stories/list-params";
import { type PaymentRow, PaymentsTable } from "~/components/admin/stories/payments-table";
import { Pagination } from "~/components/pagination";
import { EmptyState } from "~/components/section-error";
import { formatNumber } from "~/lib/format";
import { qpayFactsOf } from "~/models/admin-qpay.server";
import {
  listPayments,
  oneOf,
  PAYMENT_FILTERS,
  paymentCounters,
} from "~/models/admin-stories.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * Payments (spec 02 §2): counters of pending and verified premium payments, and the premium
 * stories by payment state (?filter=all|pending|verified, pending by default), 10 a page. A
 * story's details open at /admin/payments/{id} (admin.payments.$id.tsx) over this list.
 */
const PAGE_SIZE = 10;
const PAYMENTS_PATH = "/admin/payments";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filter = oneOf(PAYMENT_FILTERS, url.searchParams.get("filter"), "pending");
  const [result, counters] = await Promise.all([
    listPayments(filter, pageParam(url.searchParams), PAGE_SIZE),
    paymentCounters(),
  ]);
  const qpay = await qpayFactsOf(
    "story",
    result.items.map((s) => s.id),
  );
  return {
    // The choices travel with the data: the list lives in a server-only module.
    filters: PAYMENT_FILTERS,
    filter,
    counters,
    rows: result.items.map((s) => ({
      id: s.id,
      title: s.title,
      author: s.author,
      pricing_tier: s.pricing_tier,
      payment_status: s.payment_status,
      status: s.status,
      refunded_at: s.refunded_at,
      submitted_at: s.submitted_at,
      qpay: qpay.get(s.id) ?? null,
    })),
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
  };
}

export const handle = { i18n: ["common", "admin", "stories", "plans"] };

export default function Payments() {
  const { t } = useTranslation("admin");
  const { filters, filter, counters, rows, total, page, pageCount } =
    useLoaderData<typeof loader>();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const href = (changes: Record<string, string | number | null>) =>
    hrefWith(PAYMENTS_PATH, params, changes, { filter: "pending" });
  const query = hrefWith("", params, { page: params.get("page") });
  const withDetails: PaymentRow[] = rows.map((row) => ({
    ...row,
    details_href: `${PAYMENTS_PATH}/${row.id}${query}`,
  }));

  return (
    <section aria-labelledby="payments-title">
      <h2 id="payments-title" className="text-xl font-semibold">
        {t("payments.title")}
      </h2>
      <dl className="mt-4 grid grid-cols-3 gap-3 sm:max-w-xl" data-testid="payment-counters">
        <div className="card border-gold/50 bg-gold-soft/40 p-4">
          <dt className="text-sm text-muted-foreground">{t("payments.counters.pending")}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid="counter-pending">
            {formatNumber(counters.pending)}
          </dd>
        </div>
        <div className="card p-4">
          <dt className="text-sm text-muted-foreground">{t("payments.counters.verified")}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid="counter-verified">
            {formatNumber(counters.verified)}
          </dd>
        </div>
        <div className="card p-4">
          <dt className="text-sm text-muted-foreground">{t("payments.counters.refund")}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid="counter-refund">
            {formatNumber(counters.refund)}
          </dd>
        </div>
      </dl>

      <div className="mt-6 flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-muted-foreground">{t("payments.count", { count: total })}</p>
        <FilterLinks
          label={t("payments.filter.label")}
          options={filters.map((value) => ({
            value,
            label: t(`payments.filter.${value}`),
            href: href({ filter: value }),
            active: value === filter,
          }))}
        />
      </div>

      {rows.length === 0 ? (
        <div className="mt-4">
          <EmptyState>{t(`payments.empty.${filter}`)}</EmptyState>
        </div>
      ) : (
        <div className="card mt-4">
          <PaymentsTable rows={withDetails} />
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => href({ page: p })} />
      {/* A deleted story's payment lives on in its audit row (decision 031). */}
      <p className="mt-6 text-sm text-muted-foreground">
        {t("payments.deletedNote")}{" "}
        <Link to="/admin/activity?action=story.delete" className="text-primary hover:underline">
          {t("payments.deletedLink")}
        </Link>
      </p>
      <Outlet />
    </section>
  );
}
