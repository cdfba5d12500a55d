import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { getUser } from "~/auth.server";
import { ErrorPage } from "~/components/error-page";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import { I18nScript } from "~/components/i18n-script";
import { useTheme } from "~/components/theme-switch";
import { Toaster } from "~/components/toaster";
import { contact } from "~/config.server";
import { DEFAULT_LANGUAGE } from "~/constants";
import { i18next, isLanguage, languageCookie } from "~/i18next.server";
import { readToast } from "~/sessions.server";
import stylesheet from "~/tailwind.css";
import { getTheme } from "~/theme.server";
import { useNonce } from "~/utils/nonce";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "alternate", type: "application/rss+xml", href: "/rss.xml", title: "StoryShare" },
];

export const handle = { i18n: ["common"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, locale, toast] = await Promise.all([
    getUser(request),
    i18next.getLocale(request),
    readToast(request),
  ]);
  const headers = new Headers();
  if (toast.setCookie) headers.append("Set-Cookie", toast.setCookie);

  // `?lng=en` works on any page and is remembered, like a click on the switch.
  const lngParam = new URL(request.url).searchParams.get("lng");
  if (isLanguage(lngParam)) {
    const saved = await languageCookie.parse(request.headers.get("Cookie"));
    if (saved !== lngParam) headers.append("Set-Cookie", await languageCookie.serialize(lngParam));
  }

  return data(
    {
      user: user ? { id: user.id, username: user.username, role: user.role } : null,
      locale,
      theme: getTheme(request),
      toast: toast.toast,
      contact,
    },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const theme = useTheme();
  const locale = data?.locale ?? DEFAULT_LANGUAGE;
  return (
    <html lang={locale} dir="ltr" className={theme === "system" ? undefined : theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
        <I18nScript />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          <SkipLinkText />
        </a>
        <Header user={data?.user ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        {data ? <Footer contact={data.contact} signedIn={Boolean(data.user)} /> : null}
        <Toaster toast={data?.toast} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function SkipLinkText() {
  const { t } = useTranslation();
  return <>{t("nav.skipToContent")}</>;
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>("root");
  useChangeLanguage(data?.locale ?? DEFAULT_LANGUAGE);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} />;
}
