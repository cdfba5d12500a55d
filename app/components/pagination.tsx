import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/icons";

/** Page numbers to show: first, last, and two around the current one, with gaps as null. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages = new Set(
    [1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === "number" && p - last > 1) out.push(p - last === 2 ? p - 1 : null);
    out.push(p);
  }
  return out;
}

/**
 * Previous / numbered / next links (spec 01 §2). Plain links with the page in the URL, so they
 * work without JavaScript and can be bookmarked; shown only when there is more than one page.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation("stories");
  if (pageCount <= 1) return null;
  const item =
    "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg border border-border bg-card px-3 text-sm font-medium transition-colors hover:bg-muted";
  const disabled = "pointer-events-none opacity-40";
  return (
    <nav
      aria-label={t("pagination.label")}
      className="mt-8 flex flex-wrap items-center justify-center gap-2"
    >
      <Link
        to={hrefFor(page - 1)}
        preventScrollReset
        className={`${item} ${page <= 1 ? disabled : ""}`}
        aria-disabled={page <= 1 || undefined}
        tabIndex={page <= 1 ? -1 : undefined}
        rel="prev"
      >
        <ChevronLeftIcon width={16} height={16} />
        <span className="hidden sm:inline">{t("pagination.previous")}</span>
        <span className="sr-only sm:hidden">{t("pagination.previous")}</span>
      </Link>
      {pageWindow(page, pageCount).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-1 text-muted-foreground" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={hrefFor(p)}
            preventScrollReset
            aria-current={p === page ? "page" : undefined}
            aria-label={t("pagination.page", { page: p })}
            className={`${item} aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground`}
          >
            {p}
          </Link>
        ),
      )}
      <Link
        to={hrefFor(page + 1)}
        preventScrollReset
        className={`${item} ${page >= pageCount ? disabled : ""}`}
        aria-disabled={page >= pageCount || undefined}
        tabIndex={page >= pageCount ? -1 : undefined}
        rel="next"
      >
        <span className="hidden sm:inline">{t("pagination.next")}</span>
        <span className="sr-only sm:hidden">{t("pagination.next")}</span>
        <ChevronRightIcon width={16} height={16} />
      </Link>
    </nav>
  );
}
