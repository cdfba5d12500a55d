import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronRightIcon, InfoIcon } from "~/components/icons";
import { SpinnerIcon } from "~/components/page-icons";
import { formatMoney } from "~/lib/format";
import { type BankApp, bankApps } from "~/lib/qpay-banks";
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

/** A bank's mark: its colour and first letter (QPay's logo files are another origin's). */
function BankMark({ app, name }: { app: BankApp; name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl text-base font-bold text-white shadow-sm"
      style={{ backgroundColor: app.colour }}
    >
      {Array.from(name.replace(/^the\s+/i, ""))[0]?.toUpperCase()}
    </span>
  );
}

function BankButtons({ apps }: { apps: BankApp[] }) {
  const { t, i18n } = useTranslation("donate");
  const en = i18n.language === "en";
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="qpay-banks">
      {apps.map((app) => {
        const name = app.key ? t(`qpay.banks.${app.key}`) : en ? app.fallback.en : app.fallback.mn;
        return (
          <li key={app.link} className="min-w-0">
            <a
              href={app.link}
              className="flex min-h-14 items-center gap-3 rounded-xl border border-border bg-background px-3 py-2 font-semibold transition-colors hover:border-primary/60 hover:bg-muted focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <BankMark app={app} name={name} />
              <span className="min-w-0 flex-1 leading-snug">{name}</span>
              <ChevronRightIcon width={18} height={18} className="text-muted-foreground" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function QrCode({ image, amount }: { image: string; amount: number }) {
  const { t } = useTranslation("donate");
  return (
    <figure className="flex shrink-0 flex-col items-center gap-2">
      {/* White behind the code in either theme: a scanner needs dark modules on light. */}
      <img
        src={`data:image/png;base64,${image}`}
        alt={t("qpay.qrAlt", { amount: formatMoney(amount) })}
        width={216}
        height={216}
        className="h-[216px] w-[216px] rounded-xl border border-border bg-white p-2 [image-rendering:pixelated]"
        data-testid="qpay-qr"
      />
      <figcaption className="max-w-[216px] text-balance text-center text-sm font-medium text-muted-foreground">
        {t("qpay.qrCaption")}
      </figcaption>
    </figure>
  );
}

function Disclosure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <details className="group mt-4 rounded-xl border border-border">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm font-medium text-primary [&::-webkit-details-marker]:hidden">
        <ChevronRightIcon
          width={16}
          height={16}
          className="transition-transform group-open:rotate-90"
        />
        {label}
      </summary>
      <div className="px-4 pb-4">{children}</div>
    </details>
  );
}

/**
 * Paying through QPay, above the bank transfer: on a phone one button per bank app, on a wider
 * screen the QR code to scan with a phone. CSS decides which shows, so it works without
 * JavaScript; the other way is one click away.
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

  const apps = bankApps(invoice.urls);
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

      {/* A phone: its own bank apps, one tap each. */}
      <div className="mt-5 md:hidden" data-testid="qpay-phone">
        {apps.length > 0 ? (
          <>
            <p className="mb-2 text-sm font-medium">{t("qpay.chooseApp")}</p>
            <BankButtons apps={apps} />
            <Disclosure label={t("qpay.showQr")}>
              <QrCode image={invoice.qr_image} amount={amount} />
            </Disclosure>
          </>
        ) : (
          <QrCode image={invoice.qr_image} amount={amount} />
        )}
      </div>

      {/* A computer: the code to scan with the phone in the donor's hand. */}
      <div className="mt-6 hidden md:block" data-testid="qpay-desktop">
        <div className="flex items-start gap-8">
          <QrCode image={invoice.qr_image} amount={amount} />
          <ol className="mt-2 space-y-3 text-sm leading-relaxed">
            {(["open", "scan", "confirm"] as const).map((step, index) => (
              <li key={step} className="flex gap-3">
                <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <span>{t(`qpay.steps.${step}`, { amount: formatMoney(amount) })}</span>
              </li>
            ))}
          </ol>
        </div>
        {apps.length > 0 ? (
          <Disclosure label={t("qpay.showApps")}>
            <BankButtons apps={apps} />
          </Disclosure>
        ) : null}
      </div>

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
