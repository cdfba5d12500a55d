import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage, errorStatus } from "~/components/error-page";
import { KeptList } from "~/components/offline/kept-list";
import { useKept } from "~/components/offline/use-kept";
import { useHydrated } from "~/components/use-hydrated";
import { getT } from "~/i18next.server";
import { metaFrom, pageMeta } from "~/lib/meta";
import { askWorker } from "~/sw/client";
import { RECENT_MAX } from "~/sw/kept";

/**
 * /saved (issue 44 item 2, decision 066): the stories this device keeps to read offline. The
 * list lives in the browser, so the page is the same for everyone and the browser fills it in;
 * the offline worker keeps a copy of the page in both languages to show without a connection.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, ["common", "offline"]);
  return { meta: pageMeta(t, "offline:saved.title", "offline:saved.intro") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaFrom(data),
  { name: "robots", content: "noindex" },
];

export const handle = { i18n: ["common", "offline"], sharedCache: true };

export default function SavedPage() {
  const { t } = useTranslation("offline");
  const hydrated = useHydrated();
  const { index, supported, refresh } = useKept();

  const remove = async (path: string) => {
    await askWorker({ type: "remove", path });
    await refresh();
  };
  const clearRecent = async () => {
    await askWorker({ type: "clear-recent" });
    await refresh();
  };

  return (
    <div className="container max-w-3xl py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("saved.title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("saved.intro")}</p>
      {!hydrated ? (
        <p
          className="mt-8 rounded-xl border border-dashed border-border px-4 py-6"
          data-testid="saved-needs-js"
        >
          {t("saved.needsJs")}
        </p>
      ) : !supported ? (
        <p className="mt-8 rounded-xl border border-dashed border-border px-4 py-6">
          {t("saved.unsupported")}
        </p>
      ) : index ? (
        <>
          <section className="mt-8" aria-labelledby="saved-list">
            <h2 id="saved-list" className="sr-only">
              {t("saved.title")}
            </h2>
            {index.saved.length ? (
              <KeptList
                stories={index.saved}
                dateKey="saved.savedOn"
                onRemove={(story) => void remove(story.path)}
                testId="saved-list"
              />
            ) : (
              <p
                className="rounded-xl border border-dashed border-border px-4 py-6 text-muted-foreground"
                data-testid="saved-empty"
              >
                {t("saved.empty")}
              </p>
            )}
          </section>
          <section className="mt-12" aria-labelledby="recent-title">
            <h2 id="recent-title" className="text-xl font-bold">
              {t("saved.recentTitle")}
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">
              {t("saved.recentIntro", { count: RECENT_MAX })}
            </p>
            {index.recent.length ? (
              <>
                <div className="mt-4">
                  <KeptList stories={index.recent} dateKey="saved.readOn" testId="recent-list" />
                </div>
                <button
                  type="button"
                  className="btn-outline mt-4 px-3 py-2 text-sm"
                  onClick={() => void clearRecent()}
                  data-testid="clear-recent"
                >
                  {t("saved.clearRecent")}
                </button>
              </>
            ) : (
              <p className="mt-4 text-muted-foreground">{t("saved.recentEmpty")}</p>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage status={errorStatus(useRouteError())} />;
}
