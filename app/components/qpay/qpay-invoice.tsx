import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChevronRightIcon } from "~/components/icons";
import { formatMoney } from "~/lib/format";
import { type BankApp, bankApps } from "~/lib/qpay-banks";
import type { QpayBankLink } from "~/qpay/client.server";

/**
 * A QPay invoice as every paying page shows it (the donor's status page, the author's payment
 * box): on a phone one button per bank app, with the QR code a click away; from md up the QR code
 * to scan with the phone, with the bank apps a click away. CSS decides which shows, so it works
 * without JavaScript. Its words are the `plans:qpayInvoice` ones, which every paying page loads;
 * the pages around it bring their own heading, lead and actions.
 */

export interface QpayInvoiceData {
  qr_image: string;
  urls: QpayBankLink[];
}

interface QpayInvoiceWords {
  chooseApp: string;
  showQr: string;
  showApps: string;
  qrAlt: string;
  qrCaption: string;
  /** The numbered steps beside the code on a wider screen. */
  steps: string[];
}

const STEPS = ["open", "scan", "confirm"] as const;

function useInvoiceWords(amount: number): QpayInvoiceWords {
  const { t } = useTranslation("plans");
  const money = formatMoney(amount);
  return {
    chooseApp: t("plans:qpayInvoice.chooseApp"),
    showQr: t("plans:qpayInvoice.showQr"),
    showApps: t("plans:qpayInvoice.showApps"),
    qrAlt: t("plans:qpayInvoice.qrAlt", { amount: money }),
    qrCaption: t("plans:qpayInvoice.qrCaption"),
    steps: STEPS.map((step) => t(`plans:qpayInvoice.steps.${step}`, { amount: money })),
  };
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

/** A bank app's name: ours for the banks we know (both languages), QPay's words otherwise. */
export function useBankName() {
  const { t, i18n } = useTranslation("plans");
  const en = i18n.language === "en";
  return (app: BankApp) =>
    app.key ? t(`plans:qpayBanks.${app.key}`) : en ? app.fallback.en : app.fallback.mn;
}

function BankButtons({ apps, wide }: { apps: BankApp[]; wide: boolean }) {
  const bankName = useBankName();
  return (
    <ul
      className={`grid grid-cols-1 gap-2 ${wide ? "sm:grid-cols-2" : ""}`}
      data-testid="qpay-banks"
    >
      {apps.map((app) => {
        const name = bankName(app);
        return (
          <li key={app.link} className="min-w-0">
            <a
              href={app.link}
              className="flex min-h-14 items-center gap-3 rounded-xl border border-border bg-background px-3 py-2 font-semibold transition-colors hover:border-primary/60 hover:bg-muted focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <BankMark app={app} name={name} />
              <span className="min-w-0 flex-1 break-words leading-snug">{name}</span>
              <ChevronRightIcon width={18} height={18} className="text-muted-foreground" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function QrCode({ image, words }: { image: string; words: QpayInvoiceWords }) {
  return (
    <figure className="flex shrink-0 flex-col items-center gap-2">
      {/* White behind the code in either theme: a scanner needs dark modules on light. */}
      <img
        src={`data:image/png;base64,${image}`}
        alt={words.qrAlt}
        width={216}
        height={216}
        className="h-[216px] w-[216px] rounded-xl border border-border bg-white p-2 [image-rendering:pixelated]"
        data-testid="qpay-qr"
      />
      <figcaption className="max-w-[216px] text-balance text-center text-sm font-medium text-muted-foreground">
        {words.qrCaption}
      </figcaption>
    </figure>
  );
}

function Disclosure({ label, children }: { label: string; children: ReactNode }) {
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
 * The invoice's phone and wider-screen parts. `wide`: the bank buttons may sit two a row (a
 * page-wide block); a narrow box keeps them one a row.
 */
export function QpayInvoice({
  invoice,
  amount,
  wide = true,
}: {
  invoice: QpayInvoiceData;
  amount: number;
  wide?: boolean;
}) {
  const words = useInvoiceWords(amount);
  const apps = bankApps(invoice.urls);
  return (
    <>
      {/* A phone: its own bank apps, one tap each. */}
      <div className="mt-5 md:hidden" data-testid="qpay-phone">
        {apps.length > 0 ? (
          <>
            <p className="mb-2 text-sm font-medium">{words.chooseApp}</p>
            <BankButtons apps={apps} wide={wide} />
            <Disclosure label={words.showQr}>
              <QrCode image={invoice.qr_image} words={words} />
            </Disclosure>
          </>
        ) : (
          <QrCode image={invoice.qr_image} words={words} />
        )}
      </div>

      {/* A computer: the code to scan with the phone in the payer's hand. */}
      <div className="mt-6 hidden md:block" data-testid="qpay-desktop">
        <div className="flex items-start gap-8">
          <QrCode image={invoice.qr_image} words={words} />
          <ol className="mt-2 space-y-3 text-sm leading-relaxed">
            {words.steps.map((step, index) => (
              <li key={step} className="flex gap-3">
                <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <span>{step}</span>
              </li>
            ))}
          </ol>
        </div>
        {apps.length > 0 ? (
          <Disclosure label={words.showApps}>
            <BankButtons apps={apps} wide={wide} />
          </Disclosure>
        ) : null}
      </div>
    </>
  );
}
