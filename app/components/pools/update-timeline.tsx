import { useTranslation } from "react-i18next";
import { UpdatePictures } from "~/components/pools/update-pictures";
import { TextParagraphs } from "~/components/story/text-paragraphs";
import { formatDate, formatMoney } from "~/lib/format";
import type { PoolUpdate } from "~/models/pool-updates.server";

/**
 * A campaign's updates on its page (issue 20, decision 035): the final report first and set
 * apart (raised when it closed, spent in all, what is left), then the updates newest first. Text
 * in the page's language; English falls back to Mongolian.
 */
export function UpdateTimeline({ updates }: { updates: PoolUpdate[] }) {
  const { t, i18n } = useTranslation("pools");
  if (updates.length === 0) return null;
  const english = i18n.language === "en";
  const final = updates.find((u) => u.is_final);
  const others = updates.filter((u) => !u.is_final);
  const spent = updates.reduce((sum, u) => sum + (u.spent_amount ?? 0), 0);

  const body = (u: PoolUpdate) => (
    <>
      <TextParagraphs
        text={(english && u.body_en) || u.body_mn}
        className="mt-2 space-y-3 break-words leading-7 text-foreground/90"
      />
      {u.spent_amount !== null ? (
        <p
          className="mt-3 rounded-lg bg-muted/70 px-3 py-2 text-sm font-semibold"
          data-testid="update-spent"
        >
          {t("updates.spent", {
            amount: formatMoney(u.spent_amount),
            what: (english && u.spent_on_en) || u.spent_on_mn,
          })}
        </p>
      ) : null}
      <UpdatePictures photos={u.photos} receipts={u.receipts} />
    </>
  );
  const date = (u: PoolUpdate) => (
    <time dateTime={u.created_at} className="text-sm text-muted-foreground">
      {formatDate(u.created_at, i18n.language, t("common:na"))}
    </time>
  );

  return (
    <section aria-labelledby="updates-title" id="updates" data-testid="pool-updates">
      <h2 id="updates-title" className="text-xl font-bold tracking-tight">
        {t("updates.title")}
      </h2>
      {final ? (
        <article
          className="mt-4 rounded-2xl border-2 border-primary/40 bg-primary/5 p-4 sm:p-5"
          data-testid="final-report"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="text-lg font-bold">{t("updates.final.title")}</h3>
            {date(final)}
          </div>
          {final.raised_at_close !== null ? (
            <dl className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3">
              {(
                [
                  ["raised", final.raised_at_close],
                  ["spent", spent],
                  ["left", Math.max(0, final.raised_at_close - spent)],
                ] as const
              ).map(([key, amount]) => (
                <div
                  key={key}
                  // A row each on a phone (label, amount), three boxes side by side from sm up.
                  className="flex items-baseline justify-between gap-3 rounded-xl bg-card px-3 py-2 sm:block"
                  data-testid={`final-${key}`}
                >
                  <dt className="text-xs text-muted-foreground">{t(`updates.final.${key}`)}</dt>
                  <dd className="font-bold tabular-nums sm:text-lg">{formatMoney(amount)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {body(final)}
        </article>
      ) : null}
      {others.length ? (
        <ol className="mt-4 space-y-6 border-l-2 border-border pl-5">
          {others.map((u) => (
            <li key={u.id} className="relative" data-testid="pool-update">
              <span
                aria-hidden="true"
                className="absolute -left-[27px] top-1.5 h-3 w-3 rounded-full border-2 border-background bg-primary"
              />
              {date(u)}
              {body(u)}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
