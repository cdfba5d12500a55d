import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useParams, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage, errorStatus } from "~/components/error-page";
import { ArrowLeftIcon } from "~/components/icons";
import { ReceiptDocument } from "~/components/receipts/receipt-document";
import { DownloadIcon, PrinterIcon } from "~/components/receipts/receipt-icons";
import { useHydrated } from "~/components/use-hydrated";
import { siteOrigin } from "~/http/origin.server";
import { getT, i18next } from "~/i18next.server";
import { metaFrom } from "~/lib/meta";
import { receiptView } from "~/lib/receipt-view";
import { donorReceipt } from "~/models/receipts.server";
import {
  PRIVATE_HEADERS,
  receiptPdfPath,
  statusPath,
} from "~/screens/donations/donation-form.server";

/**
 * A verified gift's receipt as a printable page (issue 20 item 3): reached from the donor's
 * status page, private like it. Without JavaScript the browser's own print prints it; with it, a
 * Print button does. A gift not verified (or an unknown link) has no receipt: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const receipt = await donorReceipt(token);
  if (!receipt) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  const [t, locale] = await Promise.all([
    getT(request, ["common", "receipts", "plans"]),
    i18next.getLocale(request),
  ]);
  const origin = siteOrigin(request);
  return data(
    {
      view: receiptView(receipt, locale, origin, t("na")),
      host: new URL(origin).host,
      statusPath: statusPath(token),
      pdfPath: receiptPdfPath(token),
      meta: {
        title: t("meta.titleTemplate", {
          title: `${t("receipts:page.metaTitle")} ${receipt.number}`,
        }),
        description: t("receipts:doc.intro"),
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
  i18n: ["common", "receipts", "plans"],
  errorTitle: (status: number) => (status === 404 ? "receipts:page.none.title" : undefined),
};

export default function ReceiptPage() {
  const { t } = useTranslation("receipts");
  const { view, host, statusPath, pdfPath } = useLoaderData<typeof loader>();
  return (
    <div className="container max-w-3xl space-y-5 py-6 sm:py-10 print:max-w-none print:p-0">
      <nav
        className="flex flex-wrap items-center gap-3 print:hidden"
        aria-label={t("page.actions")}
      >
        <Link to={statusPath} className="btn-ghost">
          <ArrowLeftIcon width={16} height={16} />
          {t("page.back")}
        </Link>
        <span className="flex-1" />
        <PrintButton />
        <a href={pdfPath} className="btn-outline" download data-testid="receipt-pdf">
          <DownloadIcon width={16} height={16} />
          {t("page.pdf")}
        </a>
      </nav>
      <ReceiptDocument view={view} host={host} />
    </div>
  );
}

/** Printing needs the browser's menu without JavaScript; with it, this button opens it. */
function PrintButton() {
  const { t } = useTranslation("receipts");
  const hydrated = useHydrated();
  if (!hydrated) return <p className="text-sm text-muted-foreground">{t("page.printHint")}</p>;
  return (
    <button type="button" className="btn-primary" onClick={() => window.print()}>
      <PrinterIcon width={16} height={16} />
      {t("page.print")}
    </button>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = errorStatus(error);
  if (status !== 404) return <ErrorPage status={status} />;
  return <NoReceipt />;
}

/** An unknown link, or a gift still pending or rejected: no receipt, and the way back. */
function NoReceipt() {
  const { t } = useTranslation("receipts");
  const { token } = useParams();
  return (
    <div className="container flex min-h-[50vh] flex-col items-center justify-center py-16 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("page.none.title")}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{t("page.none.text")}</p>
      <Link to={`/donations/${token ?? ""}`} className="btn-primary mt-8">
        <ArrowLeftIcon width={16} height={16} />
        {t("page.none.back")}
      </Link>
    </div>
  );
}
