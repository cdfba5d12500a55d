import { useTranslation } from "react-i18next";
import { ChevronRightIcon } from "~/components/icons";
import { formatMoney } from "~/lib/format";

/** A QPay invoice as the story's loaders hand it over (qpay-invoices.server.ts, InvoiceView). */
export interface StoryInvoice {
  qr_image: string;
  urls: { name: string; description: string; link: string }[];
}

/** A bank app's link the page may follow: the app's own scheme or https, never one that runs here. */
const safeLink = (link: string) =>
  /^(?!(?:javascript|data|vbscript|file|blob):)[a-z][a-z0-9+.-]*:/i.test(link) ? link : null;

/**
 * QPay above the bank transfer, for an author paying for a featured story (issue 39 item 4): on a
 * phone one link per bank app, on a wider screen the QR code to scan with the phone. CSS decides
 * which shows, so it works without JavaScript. The donor's block (components/donate/qpay-pay.tsx)
 * also watches the page and checks again; an author's payment is confirmed by the callback and
 * the sweep, and the page says so on the next visit.
 */
export function StoryQpay({ invoice, amount }: { invoice: StoryInvoice; amount: number }) {
  const { t, i18n } = useTranslation("plans");
  const apps = invoice.urls.flatMap((app) => {
    const link = safeLink(app.link);
    // QPay's description is the bank's Mongolian name, its name the Latin one.
    const name = i18n.language === "en" ? app.name || app.description : app.description || app.name;
    return link ? [{ name, link }] : [];
  });
  const qr = (
    <img
      src={`data:image/png;base64,${invoice.qr_image}`}
      alt={t("paymentBox.qpay.qrAlt", { amount: formatMoney(amount) })}
      width={184}
      height={184}
      // White behind the code in either theme: a scanner needs dark modules on light.
      className="h-[184px] w-[184px] shrink-0 rounded-xl border border-border bg-white p-2 [image-rendering:pixelated]"
      data-testid="story-qpay-qr"
    />
  );
  return (
    <div className="rounded-xl border border-primary/30 bg-primary/5 p-4" data-testid="story-qpay">
      <p className="font-semibold">{t("paymentBox.qpay.title")}</p>
      <p className="mt-1 text-sm text-muted-foreground">{t("paymentBox.qpay.lead")}</p>
      {apps.length > 0 ? (
        <ul className="mt-3 grid grid-cols-1 gap-2 md:hidden" data-testid="story-qpay-banks">
          {apps.map((app) => (
            <li key={app.link}>
              <a
                href={app.link}
                className="flex min-h-12 items-center gap-3 rounded-xl border border-border bg-card px-3 py-2 font-semibold hover:border-primary/60 hover:bg-muted"
              >
                <span className="min-w-0 flex-1 truncate">{app.name}</span>
                <ChevronRightIcon width={18} height={18} className="text-muted-foreground" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={`mt-3 items-center gap-4 ${apps.length > 0 ? "hidden md:flex" : "flex"}`}>
        {qr}
        <p className="text-sm leading-relaxed">{t("paymentBox.qpay.scan")}</p>
      </div>
    </div>
  );
}
