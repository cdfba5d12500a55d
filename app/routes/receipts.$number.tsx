import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData, useParams, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage, errorStatus } from "~/components/error-page";
import { AlertCircleIcon, CheckCircleIcon } from "~/components/icons";
import { ReceiptCheckForm } from "~/components/receipts/receipt-check-form";
import { getT, i18next } from "~/i18next.server";
import { formatDate, formatMoney } from "~/lib/format";
import { metaFrom } from "~/lib/meta";
import { parseReceiptNumber } from "~/lib/receipt-number";
import { receiptPath } from "~/lib/receipt-view";
import { findReceipt } from "~/models/receipts.server";

/**
 * Whether a receipt is genuine (issue 20 item 3): the page a printed receipt links to. It shows
 * what the receipt is for — the campaign, the amount, when it was verified and issued — and
 * nothing about who gave. A number typed another way (small letters, no dashes, O for 0) is sent
 * to its written form; one no receipt has is a 404 that says what to do.
 */

// Anyone may check a receipt, but a page per receipt number is nothing for a search engine.
const NOINDEX = { "X-Robots-Tag": "noindex" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const typed = params.number ?? "";
  const number = parseReceiptNumber(typed);
  if (number && number !== typed) throw redirect(receiptPath(number));
  const receipt = await findReceipt(number);
  if (!receipt) throw new Response(null, { status: 404, headers: NOINDEX });
  const [t, locale] = await Promise.all([
    getT(request, ["common", "receipts"]),
    i18next.getLocale(request),
  ]);
  const na = t("na");
  return {
    receipt: {
      number: receipt.number,
      pool_id: receipt.pool_id,
      campaign: receipt.kind === "pool" ? receipt.pool_name : null,
      amount: receipt.amount,
      confirmed_on: formatDate(receipt.confirmed_at, locale, na),
      issued_on: formatDate(receipt.issued_at, locale, na),
    },
    meta: {
      title: t("meta.titleTemplate", {
        title: t("receipts:verify.metaTitle", { number: receipt.number }),
      }),
      description: t("receipts:verify.text"),
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaFrom(data),
  { name: "robots", content: "noindex" },
];

export const headers = () => NOINDEX;

export const handle = {
  i18n: ["common", "receipts"],
  sharedCache: true,
  errorTitle: (status: number) => (status === 404 ? "receipts:notFound.title" : undefined),
};

export default function GenuineReceipt() {
  const { t } = useTranslation("receipts");
  const { receipt } = useLoaderData<typeof loader>();
  const rows = [
    {
      key: "number",
      label: t("doc.number"),
      value: <span className="font-mono font-bold tracking-wider">{receipt.number}</span>,
    },
    {
      key: "campaign",
      label: t("doc.campaign"),
      value:
        receipt.campaign !== null && receipt.pool_id ? (
          <Link to={`/donation-pools/${receipt.pool_id}`} className="text-primary hover:underline">
            {receipt.campaign}
          </Link>
        ) : (
          t("doc.site")
        ),
    },
    {
      key: "amount",
      label: t("doc.amount"),
      value: <span className="text-xl font-extrabold">{formatMoney(receipt.amount)}</span>,
    },
    { key: "confirmed", label: t("doc.confirmed"), value: receipt.confirmed_on },
    { key: "issued", label: t("verify.issued"), value: receipt.issued_on },
  ];
  return (
    <div className="container max-w-2xl space-y-6 py-8 sm:py-12">
      <section
        className="overflow-hidden rounded-2xl border border-success/40 bg-card shadow-sm"
        aria-labelledby="genuine-title"
        data-testid="receipt-genuine"
      >
        <div className="flex flex-col gap-4 bg-success/10 p-5 sm:flex-row sm:items-start sm:p-7">
          <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-success text-success-foreground">
            <CheckCircleIcon width={26} height={26} />
          </span>
          <div className="min-w-0">
            <p className="inline-flex rounded-full bg-success px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-success-foreground">
              {t("verify.badge")}
            </p>
            <h1
              id="genuine-title"
              className="mt-2 text-balance text-2xl font-extrabold tracking-tight sm:text-3xl"
            >
              {t("verify.title")}
            </h1>
            <p className="mt-2 leading-relaxed text-foreground/80">{t("verify.text")}</p>
          </div>
        </div>
        <dl className="divide-y divide-border px-5 sm:px-7">
          {rows.map((row) => (
            <div
              key={row.key}
              className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:gap-4"
              data-testid={`receipt-${row.key}`}
            >
              <dt className="text-sm text-muted-foreground sm:w-48 sm:shrink-0">{row.label}</dt>
              <dd className="min-w-0 font-medium">{row.value}</dd>
            </div>
          ))}
        </dl>
        <p className="border-t border-border px-5 py-4 text-sm text-muted-foreground sm:px-7">
          {t("verify.privacy")}
        </p>
      </section>
      <Link to="/receipts" className="btn-outline">
        {t("verify.checkAnother")}
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = errorStatus(error);
  if (status !== 404) return <ErrorPage status={status} />;
  return <NoSuchReceipt />;
}

/** No receipt has the number (or it cannot be one): what to do, and the form to try again. */
function NoSuchReceipt() {
  const { t } = useTranslation("receipts");
  const { number = "" } = useParams();
  return (
    <div className="container max-w-xl py-10 sm:py-16" data-testid="receipt-not-found">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-destructive text-destructive-foreground">
        <AlertCircleIcon width={26} height={26} />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{t("notFound.title")}</h1>
      <p className="mt-2 break-all font-mono text-sm text-muted-foreground">
        {t("notFound.checked", { number })}
      </p>
      <p className="mt-3 leading-relaxed text-muted-foreground">{t("notFound.text")}</p>
      <div className="card mt-6 p-5 sm:p-6">
        <ReceiptCheckForm defaultValue={number} />
      </div>
    </div>
  );
}
