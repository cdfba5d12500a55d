import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage, errorStatus } from "~/components/error-page";
import { KeptList } from "~/components/offline/kept-list";
import { useKept } from "~/components/offline/use-kept";
import { useHydrated } from "~/components/use-hydrated";
import { getT } from "~/i18next.server";
import { metaFrom, pageMeta } from "~/lib/meta";

/**
 * /offline (issue 44 item 4, decision 066): what the offline worker shows for a page it does not
 * keep when there is no connection (it sends the reader here, `?from=` the page they wanted),
 * in their language, with the stories that do open offline. The same for everyone: the worker
 * keeps a copy of it in both languages with each build.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, ["common", "offline"]);
  return { meta: pageMeta(t, "offline:page.title", "offline:page.text") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaFrom(data),
  { name: "robots", content: "noindex" },
];

export const handle = { i18n: ["common", "offline"], sharedCache: true };

/** The page the reader wanted, when it is one of ours: the "Try again" link. */
function wanted(search: string): string | null {
  const from = new URLSearchParams(search).get("from");
  if (!from?.startsWith("/") || from.startsWith("//")) return null;
  try {
    const url = new URL(from, "http://storyshare.invalid");
    return url.origin === "http://storyshare.invalid" ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

export default function OfflinePage() {
  const { t } = useTranslation("offline");
  const hydrated = useHydrated();
  const { index } = useKept();
  const location = useLocation();
  // Read from the address once the page runs: the worker's copy of this page was drawn without it.
  const again = hydrated ? wanted(location.search) : null;

  return (
    <div className="container max-w-3xl py-8 sm:py-12" data-testid="offline-page">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("page.title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("page.text")}</p>
      {again ? (
        <a href={again} className="btn-primary mt-6" data-testid="offline-try-again">
          {t("page.tryAgain")}
        </a>
      ) : null}
      {index ? (
        <section className="mt-10" aria-labelledby="offline-kept">
          <h2 id="offline-kept" className="text-xl font-bold">
            {t("page.keptTitle")}
          </h2>
          <div className="mt-4">
            {index.saved.length ? (
              <>
                <h3 className="mb-2 text-sm font-semibold text-muted-foreground">
                  {t("saved.title")}
                </h3>
                <KeptList stories={index.saved} dateKey="saved.savedOn" testId="offline-saved" />
              </>
            ) : null}
            {index.recent.length ? (
              <>
                <h3 className="mb-2 mt-6 text-sm font-semibold text-muted-foreground">
                  {t("saved.recentTitle")}
                </h3>
                <KeptList stories={index.recent} dateKey="saved.readOn" testId="offline-recent" />
              </>
            ) : null}
            {index.saved.length || index.recent.length ? null : (
              <p className="text-muted-foreground">{t("page.none")}</p>
            )}
          </div>
          <Link
            to="/saved"
            className="mt-6 inline-block font-semibold text-primary hover:underline"
          >
            {t("page.savedLink")}
          </Link>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage status={errorStatus(useRouteError())} />;
}
