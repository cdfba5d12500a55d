import { useTranslation } from "react-i18next";
import { Logo } from "~/components/logo";
import { type ReceiptView, receiptLines, receiptLineValue } from "~/lib/receipt-view";

/**
 * The donor's receipt as a page: one column, like the PDF (the same lines, receipt-view.ts), and
 * printable as it is — on paper the site's header and footer are hidden, the colours are the
 * light theme's (tailwind.config.ts) and the card loses its shadow.
 */
export function ReceiptDocument({ view, host }: { view: ReceiptView; host: string }) {
  const { t } = useTranslation("receipts");
  return (
    <article
      className="card overflow-hidden print:rounded-none print:border-0 print:shadow-none"
      aria-labelledby="receipt-title"
      data-testid="receipt"
    >
      <header className="flex flex-col gap-4 border-b-2 border-primary px-5 py-5 sm:flex-row sm:items-start sm:justify-between sm:px-8 print:px-0">
        <div>
          <Logo />
          <p className="mt-1 text-xs text-muted-foreground">{host}</p>
        </div>
        <div className="sm:text-right">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {t("doc.number")}
          </p>
          <p
            className="font-mono text-lg font-bold tracking-wider sm:text-xl"
            data-testid="receipt-number"
          >
            {view.number}
          </p>
          <p className="text-xs text-muted-foreground">
            {t("doc.issued")}: {view.issued_on}
          </p>
        </div>
      </header>

      <div className="px-5 py-6 sm:px-8 sm:py-8 print:px-0">
        <h1
          id="receipt-title"
          className="text-balance text-2xl font-extrabold tracking-tight sm:text-3xl"
        >
          {t("doc.title")}
        </h1>
        <p className="mt-2 leading-relaxed text-muted-foreground">{t("doc.intro")}</p>

        <dl className="mt-6 divide-y divide-border border-y border-border">
          {receiptLines(view).map((line) => (
            <div
              key={line.key}
              className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:gap-4"
              data-testid={`receipt-${line.key}`}
            >
              <dt className="text-sm text-muted-foreground sm:w-52 sm:shrink-0">{t(line.label)}</dt>
              <dd
                className={
                  line.key === "amount"
                    ? "text-2xl font-extrabold tabular-nums"
                    : line.key === "code"
                      ? "font-mono font-bold tracking-wider"
                      : "min-w-0 font-medium"
                }
              >
                {receiptLineValue(line, t)}
              </dd>
            </div>
          ))}
        </dl>

        <p className="mt-6 text-sm leading-relaxed">{t(view.note)}</p>

        <section
          className="mt-6 rounded-xl border border-primary/30 bg-secondary/50 p-4 sm:p-5 print:break-inside-avoid"
          aria-labelledby="verify-title"
        >
          <h2 id="verify-title" className="font-semibold">
            {t("doc.verifyTitle")}
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
            {t("doc.verifyText")}
          </p>
          <a
            href={view.verify_url}
            className="mt-2 inline-block break-all font-mono text-sm font-semibold text-primary hover:underline"
            data-testid="receipt-verify-link"
          >
            {view.verify_url}
          </a>
        </section>

        <p className="mt-6 text-center text-xs text-muted-foreground">{t("doc.footer")}</p>
      </div>
    </article>
  );
}
