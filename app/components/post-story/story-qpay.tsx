import { useTranslation } from "react-i18next";
import { QpayInvoice, type QpayInvoiceData } from "~/components/qpay/qpay-invoice";

/** A QPay invoice as the story's loaders hand it over (qpay-invoices.server.ts, InvoiceView). */
export type StoryInvoice = QpayInvoiceData;

/**
 * QPay above the bank transfer, for an author paying for a featured story (issue 39 item 4): the
 * same invoice block as the donor's (components/qpay/qpay-invoice.tsx) under the author's words.
 * The donor's page also watches for the payment and checks again; an author's payment is
 * confirmed by the callback and the sweep, and the page says so on the next visit.
 */
export function StoryQpay({ invoice, amount }: { invoice: StoryInvoice; amount: number }) {
  const { t } = useTranslation("plans");
  return (
    <div className="rounded-xl border border-primary/30 bg-primary/5 p-4" data-testid="story-qpay">
      <p className="font-semibold">{t("paymentBox.qpay.title")}</p>
      <p className="mt-1 text-sm text-muted-foreground">{t("paymentBox.qpay.lead")}</p>
      <QpayInvoice invoice={invoice} amount={amount} wide={false} />
    </div>
  );
}
