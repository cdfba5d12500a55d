import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { InfoIcon } from "~/components/icons";
import { SpinnerIcon } from "~/components/page-icons";
import { QpayInvoice } from "~/components/qpay/qpay-invoice";
import type { QpayBankLink } from "~/qpay/client.server";

/** What the status page's loader says about QPay for a gift that waits. */
export interface QpayPanel {
  invoice: {
    invoice_id: string;
    qr_image: string;
    urls: QpayBankLink[];
  } | null;
  /** QPay is configured but could not make the invoice just now. */
  unavailable: boolean;
}

/** How often an open page asks, and for how long: QPay asks merchants not to poll hard. */
const WATCH_EVERY_MS = 3000;
const WATCH_FOR_MS = 10 * 60_000;

/**
 * With JavaScript, the page asks its own loader every few seconds (which asks QPay, spaced per
 * invoice on the server) and when the donor comes back to the tab from their bank app; it turns
 * to "received" by itself. It stops after ten minutes, leaving the "check again" button.
 */
function useWatchPayment(active: boolean) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    if (!active) return;
    setWatching(true);
    const started = Date.now();
    const ask = () => {
      if (Date.now() - started > WATCH_FOR_MS) {
        stop();
        setWatching(false);
        return;
      }
      if (document.visibilityState !== "visible") return;
      if (latest.current.state === "idle") latest.current.revalidate();
    };
    const timer = setInterval(ask, WATCH_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") ask();
    };
    document.addEventListener("visibilitychange", onVisible);
    function stop() {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    }
    return stop;
  }, [active]);
  return watching;
}

/**
 * Paying through QPay, above the bank transfer: the invoice (components/qpay/qpay-invoice.tsx)
 * under the donor's words, then the donor's own action: the page watches for the payment, or
 * offers to check again.
 */
export function QpayPay({ panel, amount }: { panel: QpayPanel; amount: number }) {
  const { t } = useTranslation("donate");
  const invoice = panel.invoice;
  const watching = useWatchPayment(invoice !== null);
  const navigation = useNavigation();
  const checking = navigation.state !== "idle" && navigation.formMethod === "POST";

  if (!invoice) {
    return (
      <section
        className="flex gap-3 rounded-2xl border border-border bg-muted/40 p-4 text-sm leading-relaxed sm:p-5"
        data-testid="qpay-unavailable"
        aria-labelledby="qpay-unavailable-title"
      >
        <InfoIcon width={20} height={20} className="mt-0.5 shrink-0 text-muted-foreground" />
        <div>
          <h2 id="qpay-unavailable-title" className="font-semibold">
            {t("qpay.unavailable.title")}
          </h2>
          <p className="mt-1 text-muted-foreground">{t("qpay.unavailable.text")}</p>
        </div>
      </section>
    );
  }

  return (
    <section
      className="card overflow-hidden border-primary/30 p-5 sm:p-7"
      aria-labelledby="qpay-title"
      data-testid="qpay-pay"
    >
      <p className="inline-flex items-center rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-bold tracking-wide text-primary">
        {t("qpay.badge")}
      </p>
      <h2 id="qpay-title" className="mt-2 text-lg font-semibold sm:text-xl">
        {t("qpay.title")}
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{t("qpay.lead")}</p>

      <QpayInvoice invoice={invoice} amount={amount} />

      <div
        className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-border pt-4 text-sm"
        aria-live="polite"
      >
        {watching ? (
          <p className="flex items-center gap-2 text-muted-foreground" data-testid="qpay-watching">
            <SpinnerIcon width={16} height={16} className="animate-spin" />
            {t("qpay.watching")}
          </p>
        ) : (
          <Form method="post" className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <span className="text-muted-foreground">{t("qpay.checkHint")}</span>
            <button
              type="submit"
              name="intent"
              value="check"
              className="btn-outline"
              disabled={checking}
            >
              {checking ? <SpinnerIcon width={16} height={16} className="animate-spin" /> : null}
              {t("qpay.check")}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
