import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BankDetails } from "~/components/donate/bank-details";
import {
  ContactUs,
  DonationFacts,
  type DonationView,
  KeepLink,
  StatusHero,
} from "~/components/donate/donation-status";
import { ErrorPage, errorStatus } from "~/components/error-page";
import { ArrowLeftIcon } from "~/components/icons";
import { ReceiptLinks } from "~/components/receipts/receipt-links";
import { contact, payee } from "~/config.server";
import { siteOrigin } from "~/http/origin.server";
import { getT, i18next } from "~/i18next.server";
import { formatDate } from "~/lib/format";
import { metaFrom } from "~/lib/meta";
import { getDonationByToken } from "~/models/donation-lists.server";
import { getPoolDetail } from "~/models/pools.server";
import {
  PRIVATE_HEADERS,
  receiptPagePath,
  receiptPdfPath,
  statusPath,
} from "~/screens/donations/donation-form.server";

/**
 * A donor's own page for one pool pledge or site donation, reached only by its unguessable
 * link (no account needed): pending, verified or rejected. Right after the form it is also the
 * confirmation: the reference, the amount, where to transfer, and the link to keep.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const found = await getDonationByToken(token);
  if (!found) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  const [t, locale] = await Promise.all([
    getT(request, ["common", "donate"]),
    i18next.getLocale(request),
  ]);
  const na = t("na");
  const donation: DonationView = {
    kind: found.kind,
    pool_id: found.pool_id,
    pool_name: found.pool_name,
    donor_name: found.donor_name,
    amount: found.amount,
    transaction_reference: found.transaction_reference,
    payment_code: found.payment_code,
    status: found.status,
    submitted_on: formatDate(found.donation_date, locale, na),
    decided_on: found.decided_at ? formatDate(found.decided_at, locale, na) : null,
  };

  // Where the money goes, for a donor who fills in the form before transferring.
  let account = null;
  // A verified pledge: the campaign's total now, as the "verified" mail states it (issue 17).
  if (found.status === "verified" && found.kind === "pool" && found.pool_id) {
    const pool = await getPoolDetail(found.pool_id);
    if (pool) donation.pool_raised = { raised: pool.current_amount, goal: pool.goal_amount };
  }
  if (found.status === "pending") {
    if (found.kind === "general") account = payee;
    else if (found.pool_id) {
      const pool = await getPoolDetail(found.pool_id);
      if (pool) {
        account = {
          bank_name: pool.bank_name,
          bank_account: pool.bank_account,
          account_name: pool.account_name,
        };
      }
    }
  }

  return data(
    {
      donation,
      account,
      contact: { email: contact.email, phone: contact.phone },
      statusUrl: `${siteOrigin(request)}${statusPath(token)}`,
      // A verified gift has a receipt (decision 036): made when first opened, not here.
      receipt:
        found.status === "verified"
          ? { page: receiptPagePath(token), pdf: receiptPdfPath(token) }
          : null,
      meta: {
        title: t("meta.titleTemplate", { title: t("donate:status.metaTitle") }),
        description: t("donate:status.metaDescription"),
      },
    },
    { headers: PRIVATE_HEADERS },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaFrom(data),
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = () => PRIVATE_HEADERS;

export const handle = {
  i18n: ["common", "donate", "post", "plans", "receipts"],
  errorTitle: (status: number) => (status === 404 ? "donate:status.notFound.title" : undefined),
};

export default function DonationStatusPage() {
  const { t } = useTranslation("donate");
  const { donation, account, contact, statusUrl, receipt } = useLoaderData<typeof loader>();
  return (
    <div className="container max-w-3xl space-y-6 py-8 sm:py-12">
      <StatusHero donation={donation} />
      <DonationFacts donation={donation} />
      {account && donation.status === "pending" ? (
        <section className="card p-5 sm:p-7" aria-labelledby="next-title">
          <h2 id="next-title" className="text-lg font-semibold">
            {t("status.next.title")}
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
            {t("status.next.text")}
          </p>
          <div className="mt-4">
            <BankDetails
              account={account}
              amount={donation.amount}
              reference={donation.payment_code ?? donation.transaction_reference ?? undefined}
            />
          </div>
          <p className="mt-4 text-sm leading-relaxed text-muted-foreground">
            {t("status.next.after")}
          </p>
        </section>
      ) : null}
      {receipt ? <ReceiptLinks page={receipt.page} pdf={receipt.pdf} /> : null}
      {donation.status === "rejected" ? (
        <ContactUs email={contact.email} phone={contact.phone} />
      ) : null}
      <KeepLink url={statusUrl} />
      <nav className="flex flex-wrap gap-3" aria-label={t("status.moreLinks")}>
        {donation.kind === "pool" && donation.pool_id ? (
          <Link to={`/donation-pools/${donation.pool_id}`} className="btn-outline">
            <ArrowLeftIcon width={16} height={16} />
            {t("pledge.backToPool")}
          </Link>
        ) : null}
        <Link to="/donation-pools" className="btn-ghost">
          {t("status.otherCampaigns")}
        </Link>
      </nav>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = errorStatus(error);
  if (status !== 404) return <ErrorPage status={status} />;
  return <UnknownLink />;
}

function UnknownLink() {
  const { t } = useTranslation("donate");
  return (
    <div className="container flex min-h-[50vh] flex-col items-center justify-center py-16 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("status.notFound.title")}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{t("status.notFound.text")}</p>
      <Link to="/" className="btn-primary mt-8">
        <ArrowLeftIcon width={16} height={16} />
        {t("common:errors.backHome")}
      </Link>
    </div>
  );
}
