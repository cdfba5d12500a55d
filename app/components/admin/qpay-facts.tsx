import { useTranslation } from "react-i18next";
import { formatDateTime, formatMoney } from "~/lib/format";
import type { QpayFacts as Facts } from "~/models/admin-qpay.server";

/** A gift's or story payment's QPay side, for administrators: an open invoice, or the payment. */
export function QpayFacts({ facts }: { facts: Facts | null | undefined }) {
  const { t, i18n } = useTranslation("admin");
  if (!facts) return null;
  if (facts.status === "open") {
    return (
      <p className="text-xs text-muted-foreground" data-testid="qpay-facts" data-state="open">
        {t("qpay.open", { invoice: facts.invoice_id ?? "" })}
      </p>
    );
  }
  return (
    <p className="text-xs" data-testid="qpay-facts" data-state="paid">
      <span className="font-semibold text-success">{t("qpay.paid")}</span>{" "}
      {t("qpay.paidFacts", {
        date: formatDateTime(facts.paid_at, i18n.language, t("common.na")),
        amount: formatMoney(facts.paid_amount ?? 0),
        invoice: facts.invoice_id ?? "",
        payment: facts.payment_id ?? "",
      })}
    </p>
  );
}
