import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { useChangeLanguage } from "remix-i18next/react";
import {
  ErrorPage,
  ErrorTitle,
  type ErrorTitleHandle,
  errorMessageKey,
  errorStatus,
} from "~/components/error-page";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import { I18nScript } from "~/components/i18n-script";
import { InstallLinks } from "~/components/install-links";
import { OfflineShell } from "~/components/offline/offline-shell";
import { AppScripts } from "~/components/scripts";
import { useTheme } from "~/components/theme-switch";
import { Toaster } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import { DEFAULT_LANGUAGE } from "~/constants";
import { useNonce } from "~/lib/nonce";
import { partsHydrated } from "~/lib/parts-hydrated";
import { rootData } from "~/loaders/root.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "alternate", type: "application/rss+xml", href: "/rss.xml", title: "StoryShare" },
];

export const handle = { i18n: ["common"] };

export const loader = (args: LoaderFunctionArgs) => rootData(args);

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const theme = useTheme();
  const locale = data?.locale ?? DEFAULT_LANGUAGE;
  const failure = useFailure();
  // Light mode (decision 065): the page as the server draws it, no script at all (every link and
  // form works without). Only the server leaves them out: a page that is already running and
  // turns the mode on with the switch keeps what it has loaded.
  const scriptless = data?.light === true && typeof document === "undefined";
  return (
    <html lang={locale} dir="ltr" className={theme === "system" ? undefined : theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <InstallLinks locale={locale} theme={theme} />
        {failure ? <ErrorTitle {...failure} /> : <Meta />}
        <Links />
        {scriptless ? null : <I18nScript />}
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
        {data ? (
          <Footer contact={data.contact} social={data.social} signedIn={Boolean(data.user)} />
        ) : null}
        <Toaster toast={data?.toast} />
        <OfflineShell />
        {scriptless ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <AppScripts nonce={nonce} />
          </>
        )}
        <HydratedMark />
      </body>
    </html>
  );
}

/**
 * Says the page is interactive, its controls enhanced (useHydrated): its scripts start after the
 * first paint (decision 016), so the load event no longer means hydrated. The browser tests wait
 * for it. A component of its own, so that the switch does not render the whole layout again.
 */
function HydratedMark() {
  const hydrated = useHydrated();
  useEffect(() => {
    // Parts loaded when drawn (decision 068) hydrate after the page: the mark waits for them.
    if (hydrated)
      partsHydrated().then(() => {
        document.documentElement.dataset.hydrated = "";
      });
  }, [hydrated]);
  return null;
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

/**
 * The error this page shows, if a route failed: its status, and the title its route's handle
 * gives it (ErrorTitleHandle). Any route's error boundary may show it, so the root reads the
 * router's errors, keyed by the boundary's route (the state Remix's own <Meta> reads).
 */
function useFailure(): { status: number; titleKey?: string } | null {
  const errors = useContext(UNSAFE_DataRouterStateContext)?.errors;
  const matches = useMatches();
  const [routeId, error] = Object.entries(errors ?? {})[0] ?? [];
  if (routeId === undefined) return null;
  const status = errorStatus(error);
  const handle = matches.find((m) => m.id === routeId)?.handle as ErrorTitleHandle | undefined;
  return { status, titleKey: handle?.errorTitle?.(status) };
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage status={errorStatus(error)} messageKey={errorMessageKey(error)} />;
}
