import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  XLogoIcon,
  YoutubeIcon,
} from "~/components/icons";
import { LightSwitch } from "~/components/light-switch";
import { Logo } from "~/components/logo";

export interface Contact {
  email: string;
  phone: string;
  /** null: the catalogue's address, in the page's language. */
  address: string | null;
}

type SocialKey = "facebook" | "instagram" | "x" | "youtube";
const ICONS: Record<SocialKey, typeof FacebookIcon> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  x: XLogoIcon,
  youtube: YoutubeIcon,
};

/**
 * Spec 01 §1: blurb and tagline, quick links, contact block, social and legal links. Social
 * icons come from the configuration (SOCIAL_*_URL): one that is not set is not shown.
 */
export function Footer({
  contact,
  social,
  signedIn,
}: {
  contact: Contact;
  social: { key: SocialKey; url: string }[];
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-border bg-card/60 print:hidden">
      <div className="container grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <Logo />
          <p className="mt-3 max-w-md text-sm leading-relaxed text-muted-foreground">
            {t("footer.blurb")}
          </p>
          <p className="mt-3 text-sm font-medium italic text-foreground">“{t("footer.tagline")}”</p>
          {social.length ? (
            <ul className="mt-5 flex gap-2" aria-label={t("footer.social")}>
              {social.map(({ key, url }) => {
                const Icon = ICONS[key];
                return (
                  <li key={key}>
                    <a
                      href={url}
                      rel="noopener noreferrer me"
                      className="grid h-9 w-9 place-items-center rounded-full border border-border text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
                      aria-label={t(`footer.socialNames.${key}`)}
                    >
                      <Icon width={16} height={16} />
                    </a>
                  </li>
                );
              })}
            </ul>
          ) : null}
          <LightSwitch />
        </div>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-sm font-semibold">
            {t("footer.quickLinks")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
            <li>
              <Link className="hover:text-foreground" to="/">
                {t("nav.home")}
              </Link>
            </li>
            <li>
              <Link className="hover:text-foreground" to="/donation-pools">
                {t("nav.pools")}
              </Link>
            </li>
            <li>
              <Link className="hover:text-foreground" to="/post-story">
                {t("nav.postStory")}
              </Link>
            </li>
            <li>
              <Link className="hover:text-foreground" to="/faq">
                {t("nav.faq")}
              </Link>
            </li>
            <li>
              <Link className="hover:text-foreground" to="/donate">
                {t("footer.donate")}
              </Link>
            </li>
            <li>
              <Link className="hover:text-foreground" to="/receipts">
                {t("footer.checkReceipt")}
              </Link>
            </li>
            {signedIn ? null : (
              <li>
                <Link className="hover:text-foreground" to="/login">
                  {t("footer.loginSignup")}
                </Link>
              </li>
            )}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold">{t("footer.contact")}</h2>
          <ul className="mt-3 space-y-2.5 text-sm text-muted-foreground">
            <li className="flex gap-2">
              <MailIcon width={16} height={16} className="mt-0.5 shrink-0" />
              <a className="break-all hover:text-foreground" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </li>
            <li className="flex gap-2">
              <PhoneIcon width={16} height={16} className="mt-0.5 shrink-0" />
              <a
                className="hover:text-foreground"
                href={`tel:${contact.phone.replace(/\s+/g, "")}`}
              >
                {contact.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <MapPinIcon width={16} height={16} className="mt-0.5 shrink-0" />
              <span>{contact.address ?? t("footer.address")}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-border">
        <div className="container flex flex-col gap-3 py-5 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>{t("footer.copyright", { year })}</p>
          <ul className="flex flex-wrap gap-4">
            {(["privacy", "terms", "cookies"] as const).map((key) => (
              <li key={key}>
                <Link to={`/${key}`} className="hover:text-foreground">
                  {t(`footer.legal.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
