import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AlertCircleIcon, CloseIcon, InfoIcon } from "~/components/icons";
import { useHydrated } from "~/components/use-hydrated";
import { formatDateTime } from "~/lib/format";
import { askWorker, greetWorker, keptPages, registerWorker } from "~/sw/client";
import { isLanguage, type ServedReply } from "~/sw/kept";

/**
 * The offline part of every page (decision 066), once it runs:
 * - registers the offline worker (production builds; not in light mode, whose pages run no
 *   script, nor when the reader turns it on here);
 * - says so when the page is the copy kept on this device, and when it was fetched;
 * - stops a form from being sent without a connection, and says plainly that it needs one: the
 *   form keeps what was typed (long forms keep drafts too, app/components/draft.tsx);
 * - without a connection, follows a link to a page this device does not keep as a document
 *   load, which the worker answers with the offline page (a client navigation would need that
 *   page's script, which is not kept, and Remix would reload the page the reader is on).
 */
export function OfflineShell() {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const light = (useRouteLoaderData("root") as { light?: boolean } | undefined)?.light === true;
  const [copyFrom, setCopyFrom] = useState<number | null>(null);
  const [formStopped, setFormStopped] = useState(false);

  useEffect(() => {
    if (!hydrated) return;
    void (async () => {
      if (!light && import.meta.env.PROD) await registerWorker();
      if (isLanguage(i18n.language)) await greetWorker(i18n.language);
    })();
  }, [hydrated, light, i18n.language]);

  // Whether the worker gave this page (or this navigation's data) from the store.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again on every navigation.
  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    void askWorker<ServedReply>({ type: "served", path: location.pathname }, 3_000).then(
      (reply) => {
        if (live) setCopyFrom(reply?.fetchedAt ?? null);
      },
    );
    return () => {
      live = false;
    };
  }, [hydrated, location.key]);

  useEffect(() => {
    const stop = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement;
      const method = event.submitter?.getAttribute("formmethod") ?? form.getAttribute("method");
      // conform's check of a field on blur submits with its own intent button: not a send.
      if (event.submitter?.getAttribute("name") === "__intent__") return;
      if (navigator.onLine || (method ?? "get").toLowerCase() === "get") return;
      // Before React's own handler (on the document): the form is neither sent nor cleared.
      event.preventDefault();
      event.stopImmediatePropagation();
      setFormStopped(true);
    };
    let kept = new Set<string>();
    const learn = () => void keptPages().then((paths) => (kept = paths));
    const follow = (event: MouseEvent) => {
      if (navigator.onLine || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement;
      if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download"))
        return;
      const url = new URL(link.href);
      const at = window.location;
      const here = url.pathname === at.pathname && url.search === at.search;
      if (url.origin !== at.origin || here || kept.has(url.pathname)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      at.assign(url.href);
    };
    const online = () => setFormStopped(false);
    learn();
    window.addEventListener("submit", stop, true);
    window.addEventListener("click", follow, true);
    window.addEventListener("online", online);
    window.addEventListener("offline", learn);
    return () => {
      window.removeEventListener("submit", stop, true);
      window.removeEventListener("click", follow, true);
      window.removeEventListener("online", online);
      window.removeEventListener("offline", learn);
    };
  }, []);

  if (!formStopped && copyFrom === null) return null;
  const Icon = formStopped ? AlertCircleIcon : InfoIcon;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center p-3 sm:p-4">
      <div
        role={formStopped ? "alert" : "status"}
        data-testid={formStopped ? "offline-form" : "offline-copy"}
        className="pointer-events-auto flex max-w-xl items-start gap-3 rounded-xl border border-border bg-card p-3 text-sm shadow-lg"
      >
        <Icon
          width={18}
          height={18}
          className={`mt-0.5 shrink-0 ${formStopped ? "text-destructive" : "text-primary"}`}
        />
        <p className="flex-1">
          {formStopped
            ? t("offline.formNeedsConnection")
            : t("offline.copyFrom", {
                when: formatDateTime(new Date(copyFrom ?? 0), i18n.language),
              })}
        </p>
        <button
          type="button"
          className="-m-1 rounded p-1 text-muted-foreground hover:text-foreground"
          aria-label={t("common.close")}
          onClick={() => {
            setFormStopped(false);
            setCopyFrom(null);
          }}
        >
          <CloseIcon width={16} height={16} />
        </button>
      </div>
    </div>
  );
}
