import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DownloadIcon, ReceiptIcon } from "~/components/receipts/receipt-icons";

/** On a verified gift's status page: its receipt, to print or to keep as a PDF. */
export function ReceiptLinks({ page, pdf }: { page: string; pdf: string }) {
  const { t } = useTranslation("receipts");
  return (
    <section className="card p-5 sm:p-7" aria-labelledby="receipt-links-title">
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <ReceiptIcon width={20} height={20} />
        </span>
        <div className="min-w-0">
          <h2 id="receipt-links-title" className="text-lg font-semibold">
            {t("status.title")}
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{t("status.text")}</p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={page} className="btn-primary" data-testid="receipt-view">
          <ReceiptIcon width={16} height={16} />
          {t("status.view")}
        </Link>
        {/* A file, not a page: the browser downloads it (Content-Disposition: attachment). */}
        <a href={pdf} className="btn-outline" data-testid="receipt-pdf" download>
          <DownloadIcon width={16} height={16} />
          {t("status.pdf")}
        </a>
      </div>
    </section>
  );
}
