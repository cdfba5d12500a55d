import { useTranslation } from "react-i18next";
import { CopyButton } from "~/components/copy-button";
import { FacebookIcon } from "~/components/icons";
import { useHydrated } from "~/components/use-hydrated";

/**
 * Sharing a story or a campaign (issue 19): the way pages spread in Mongolia is a link pasted
 * into Facebook or Messenger. A Facebook link and the address itself always (to select and
 * copy, or to long-press on a phone); with JavaScript, a copy button, and the phone's own share
 * sheet where the browser has one (it reaches Messenger and every other app).
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const canShare = hydrated && typeof navigator.share === "function";
  const facebook = `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
  return (
    <section
      aria-labelledby="share-title"
      className="rounded-2xl border border-border p-4"
      data-testid="share"
    >
      <h2 id="share-title" className="text-sm font-semibold">
        {t("share.title")}
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <a
          href={facebook}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-outline px-3 py-2 text-sm"
          data-testid="share-facebook"
        >
          <FacebookIcon width={16} height={16} />
          {t("share.facebook")}
        </a>
        {canShare ? (
          <button
            type="button"
            className="btn-outline px-3 py-2 text-sm"
            data-testid="share-sheet"
            onClick={() => navigator.share({ title, url }).catch(() => {})}
          >
            {t("share.more")}
          </button>
        ) : null}
      </div>
      <div className="mt-3 flex items-center gap-2">
        <label htmlFor="share-url" className="sr-only">
          {t("share.link")}
        </label>
        <input
          id="share-url"
          data-testid="share-url"
          readOnly
          value={url}
          className="input min-w-0 flex-1 py-1.5 text-xs text-muted-foreground"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={url} label={t("share.link")} />
      </div>
    </section>
  );
}
