import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/format";
import type { ChartTone } from "./chart-scales";
import { TONES } from "./chart-scales";
import type { ChartMarker, TimeChartProps } from "./time-chart";

/** Which line is which: shown when there is more than one thing drawn. */
export function ChartLegend({ series, goal }: Pick<TimeChartProps, "series" | "goal">) {
  if (series.length < 2 && !goal) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-hidden="true">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          {s.dashed ? (
            <span className={`h-0 w-4 border-t-2 border-dashed ${borderTone(s.tone)}`} />
          ) : (
            <span className={`h-2.5 w-4 rounded-sm ${TONES[s.tone ?? "primary"].swatch}`} />
          )}
          {s.label}
        </li>
      ))}
      {goal ? (
        <li className="flex items-center gap-1.5">
          <span className="h-0 w-4 border-t-2 border-dashed border-foreground" />
          {goal.label}
        </li>
      ) : null}
    </ul>
  );
}

const borderTone = (tone: ChartTone = "primary") =>
  ({
    primary: "border-primary",
    success: "border-success",
    gold: "border-gold",
    destructive: "border-destructive",
    muted: "border-muted-foreground",
  })[tone];

/** Marks on the same day share one number, so two spendings on a day never overlap. */
export function groupMarkers(markers: ChartMarker[]) {
  const byDay = new Map<string, string[]>();
  for (const m of [...markers].sort((a, b) => a.day.localeCompare(b.day))) {
    byDay.set(m.day, [...(byDay.get(m.day) ?? []), m.label]);
  }
  return [...byDay].map(([day, labels], i) => ({ day, labels, number: i + 1 }));
}

/** The numbered marks under the chart, with their day and what happened. */
export function MarkerList({
  groups,
  lng,
}: {
  groups: ReturnType<typeof groupMarkers>;
  lng: string;
}) {
  const { t } = useTranslation("charts");
  if (groups.length === 0) return null;
  return (
    <ol className="mt-2 space-y-1" aria-label={t("marks")}>
      {groups.map((g) => (
        <li key={g.day} className="flex items-start gap-2">
          <span
            aria-hidden="true"
            className="mt-px flex h-4 min-w-4 items-center justify-center rounded-full bg-gold px-1 text-[10px] font-bold text-gold-foreground"
          >
            {g.number}
          </span>
          <span>
            <span className="font-semibold text-foreground">{formatDate(g.day, lng)}</span>
            {`: ${g.labels.join("; ")}`}
          </span>
        </li>
      ))}
    </ol>
  );
}
