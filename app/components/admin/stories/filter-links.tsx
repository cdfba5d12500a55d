import { Link } from "@remix-run/react";
import { formatNumber } from "~/lib/format";

/**
 * A segmented filter made of links (?filter=…): works without JavaScript, bookmarkable, and the
 * current choice is announced with aria-current.
 */
export function FilterLinks({
  label,
  options,
}: {
  label: string;
  options: { value: string; label: string; href: string; active: boolean; count?: number }[];
}) {
  return (
    <nav aria-label={label} className="max-w-full overflow-x-auto">
      <ul className="inline-flex min-w-max gap-1 rounded-xl border border-border bg-muted/60 p-1">
        {options.map((option) => (
          <li key={option.value}>
            <Link
              to={option.href}
              preventScrollReset
              aria-current={option.active ? "page" : undefined}
              data-filter={option.value}
              className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground aria-[current=page]:bg-card aria-[current=page]:text-foreground aria-[current=page]:shadow-sm"
            >
              {option.label}
              {option.count !== undefined ? (
                <span className="rounded-full bg-background px-1.5 text-xs tabular-nums">
                  {formatNumber(option.count)}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
