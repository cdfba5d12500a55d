import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BankDetails } from "~/components/donate/bank-details";
import {
  ContactUs,
  DonationFacts,
  type DonationView,
  KeepLink,
  StatusHero,
} from "~/components/donate/donation-status";
import { type QpayPanel, QpayPay } from "~/components/donate/qpay-pay";
import { ErrorPage, errorStatus } from "~/components/error-page";
import { ArrowLeftIcon } from "~/components/icons";
import { ReceiptLinks } from "~/components/receipts/receipt-links";
import { Toaster } from "~/components/toaster";
import { contact, payee } from "~/config.server";
import { siteOrigin } from "~/http/origin.server";
import { getT, i18next } from "~/i18next.server";
import { formatDate } from "~/lib/format";
import { metaFrom } from "~/lib/meta";
import type { ToastMessage } from "~/lib/toast";
import { getDonationByToken } from "~/models/donation-lists.server";
import { getPoolDetail } from "~/models/pools.server";
import { type CheckOutcome, checkPaymentOf } from "~/models/qpay-confirm.server";
import { ensureInvoice, paidInvoices, qpayConfigured } from "~/models/qpay-invoices.server";
import { redirectWithToast } from "~/models/sessions.server";
import {
  PRIVATE_HEADERS,
  receiptPagePath,
  receiptPdfPath,
  statusPath,
} from "~/screens/donations/donation-form.server";
import { screenAction } from "~/web/route.server";

/**
 * A donor's own page for one pool pledge or site donation, reached only by its unguessable
 * link (no account needed): pending, verified or rejected. Right after the form it is also the
 * confirmation: the reference, the amount, where to transfer, and the link to keep.
 */

/**
 * How long a page load waits for QPay's answer about a payment before it shows the page as it
 * stands: a slow QPay must not make the page slow (the check goes on, and the next look sees it).
 */
const CHECK_WAIT_MS = 2500;

async function within<T>(promise: Promise<T>, ms: number): Promise<T | "late"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function findOr404(token: string) {
  const found = await getDonationByToken(token);
  if (!found) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  return found;
}

type Found = Awaited<ReturnType<typeof findOr404>>;

/**
 * QPay beside the bank transfer while the gift waits (issue 39): its invoice, made on the first
 * look, and asked about on every look, so the page the donor returns to from their bank app (or
 * that asks again by itself) shows the gift received. Null when QPay is not configured or the
 * gift no longer waits; `unavailable` when QPay could not make the invoice just now.
 */
async function qpayOf(found: Found, token: string, request: Request) {
  if (found.status !== "pending" || !qpayConfigured()) return { found, qpay: null };
  const target = { kind: found.kind, id: found.id };
  const invoice = await ensureInvoice(target, request);
  if (invoice) {
    const outcome = await within(
      checkPaymentOf(target).catch(() => "unavailable" as const),
      CHECK_WAIT_MS,
    );
    if (outcome === "paid") {
      const now = (await getDonationByToken(token)) ?? found;
      if (now.status !== "pending") return { found: now, qpay: null };
    }
  }
  const qpay: QpayPanel = {
    invoice: invoice
      ? { invoice_id: invoice.invoice_id, qr_image: invoice.qr_image, urls: invoice.urls }
      : null,
    unavailable: invoice === null,
  };
  return { found, qpay };
}

/** A verified gift that QPay confirmed says so: "paid through QPay". */
async function paidThroughQpay(found: Found) {
  return (await paidInvoices(found.kind, [found.id])).has(found.id);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const { found, qpay } = await qpayOf(await findOr404(token), token, request);
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
    paid_via: found.status === "verified" && (await paidThroughQpay(found)) ? "qpay" : null,
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
      qpay,
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

const CHECK_TOASTS: Record<CheckOutcome, ToastMessage> = {
  paid: {
    type: "success",
    title: "donate:qpay.toast.received.title",
    description: "donate:qpay.toast.received.description",
  },
  waiting: {
    type: "info",
    title: "donate:qpay.toast.notYet.title",
    description: "donate:qpay.toast.notYet.description",
  },
  none: {
    type: "info",
    title: "donate:qpay.toast.notYet.title",
    description: "donate:qpay.toast.notYet.description",
  },
  unavailable: {
    type: "info",
    title: "donate:qpay.toast.unavailable.title",
    description: "donate:qpay.toast.unavailable.description",
  },
};

/**
 * "Check again" (the page without JavaScript, or after it stopped asking by itself): QPay is
 * asked now, and the donor comes back to the page (PRG) told whether the money arrived.
 */
export const action = (args: ActionFunctionArgs) =>
  screenAction(args, async ({ request, params }) => {
    const token = params.token ?? "";
    const found = await findOr404(token);
    const back = statusPath(token);
    if (found.status === "rejected") return redirect(back);
    const outcome: CheckOutcome =
      found.status === "verified"
        ? "paid"
        : await checkPaymentOf({ kind: found.kind, id: found.id }).catch(
            () => "unavailable" as const,
          );
    return redirectWithToast(request, back, CHECK_TOASTS[outcome], { headers: PRIVATE_HEADERS });
  });

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
  const { donation, account, qpay, contact, statusUrl, receipt } = useLoaderData<typeof loader>();
  const received = useReceivedWhileOpen(donation.status);
  // With QPay shown first, the bank transfer is the other way to pay.
  const transferTitle = qpay?.invoice ? "qpay.orTransfer" : "status.next.title";
  return (
    <div className="container max-w-3xl space-y-6 py-8 sm:py-12">
      <StatusHero donation={donation} qpayOpen={Boolean(qpay?.invoice)} />
      {qpay && donation.status === "pending" ? (
        <QpayPay panel={qpay} amount={donation.amount} />
      ) : null}
      <DonationFacts donation={donation} />
      {account && donation.status === "pending" ? (
        <section className="card p-5 sm:p-7" aria-labelledby="next-title">
          <h2 id="next-title" className="text-lg font-semibold">
            {t(transferTitle)}
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
      <Toaster toast={received} />
    </div>
  );
}

const RECEIVED_TOAST: ToastMessage = {
  type: "success",
  title: "donate:qpay.toast.received.title",
  description: "donate:qpay.toast.received.description",
};

/** The page that was waiting turned to "received" by itself: said aloud once, as a toast. */
function useReceivedWhileOpen(status: string) {
  const seen = useRef(status);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  useEffect(() => {
    if (seen.current === "pending" && status === "verified") setToast(RECEIVED_TOAST);
    seen.current = status;
  }, [status]);
  return toast;
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
