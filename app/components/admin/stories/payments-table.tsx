import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { QpayFacts } from "~/components/admin/qpay-facts";
import { TableHead } from "~/components/table-head";
import { authorLabel } from "~/lib/author";
import { formatDate, truncate } from "~/lib/format";
import type { QpayFacts as Facts } from "~/models/admin-qpay.server";
import { PaymentStatusBadge, TierBadge } from "./badges";

export interface PaymentRow {
  id: number;
  title: string;
  author: string;
  pricing_tier: string;
  payment_status: string;
  status: string;
  refunded_at: string | null;
  submitted_at: string;
  /** Its QPay invoice, open or paid (issue 39 item 7). */
  qpay?: Facts | null;
  /** Where "details" opens: the details URL keeping the list's filter and page. */
  details_href: string;
}

const TITLE_CHARS = 40;

function DetailsLink({ row }: { row: PaymentRow }) {
  const { t } = useTranslation("admin");
  return (
    <Link
      to={row.details_href}
      preventScrollReset
      className="btn-outline px-3 py-1.5"
      aria-label={t("payments.detailsFor", { title: row.title })}
    >
      {t("payments.details")}
    </Link>
  );
}

/** Premium payments (spec 02 §2 Payments): a table on wide screens, cards on phones. */
export function PaymentsTable({ rows }: { rows: PaymentRow[] }) {
  const { t, i18n } = useTranslation("admin");
  const date = (value: string) => formatDate(value, i18n.language, t("common.na"));
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table" data-testid="payments-table">
        <caption className="sr-only">{t("payments.title")}</caption>
        <TableHead
          columns={[
            ...(["title", "author", "tier", "payment", "date"] as const).map((key) => ({
              key,
              label: t(`payments.columns.${key}`),
            })),
            {
              key: "details",
              label: <span className="sr-only">{t("payments.details")}</span>,
              end: true,
            },
          ]}
        />
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.id} data-testid="payment-row" data-story-id={row.id}>
              <td className="max-w-[18rem] px-4 py-3 font-medium" title={row.title}>
                {truncate(row.title, TITLE_CHARS)}
              </td>
              <td className="max-w-[12rem] truncate px-4 py-3" title={authorLabel(t, row.author)}>
                {authorLabel(t, row.author)}
              </td>
              <td className="px-4 py-3">
                <TierBadge tier={row.pricing_tier} />
              </td>
              <td className="px-4 py-3">
                <PaymentStatusBadge story={row} />
                <QpayFacts facts={row.qpay} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                <time dateTime={row.submitted_at}>{date(row.submitted_at)}</time>
              </td>
              <td className="px-4 py-3 text-right">
                <DetailsLink row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="divide-y divide-border md:hidden">
        {rows.map((row) => (
          <li key={row.id} className="p-4" data-testid="payment-row" data-story-id={row.id}>
            <p className="break-words font-semibold leading-snug">{row.title}</p>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
              <span className="break-all">{authorLabel(t, row.author)}</span>
              <span aria-hidden="true">·</span>
              <time dateTime={row.submitted_at}>{date(row.submitted_at)}</time>
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <TierBadge tier={row.pricing_tier} />
              <PaymentStatusBadge story={row} />
              <QpayFacts facts={row.qpay} />
              <div className="ml-auto">
                <DetailsLink row={row} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
