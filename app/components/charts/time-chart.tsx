/**
 * A chart of values over days, drawn on the server as SVG (decision 060): it is in the page's
 * HTML, so it shows without JavaScript, and its colours are the theme's, so it follows dark mode.
 *
 * Use:
 *   <TimeChart
 *     label={t("pools:chart.label")}            // the SVG's accessible name and the table's caption
 *     unit="money"                               // "money" (5,000₮) or "count" (1,234)
 *     series={[{ key: "verified", label: t("pools:chart.verified"), kind: "area", curve: "step",
 *                tone: "success", points: [{ day: "2026-03-05", value: 120000 }, …] }]}
 *     goal={{ value: 5_000_000, label: t("pools:chart.goal") }}                     // optional
 *     markers={[{ day: "2026-03-09", label: t("pools:chart.spent", { amount }) }]}  // optional
 *   />
 * A series is `line` (default), `area` (filled under a line) or `bar` (one bar a day: counts that
 * are small read better as bars). `curve: "step"` suits running totals, which change on a day and
 * hold until the next. Give every day you want drawn: the chart does not invent zero days.
 * The page lists the `charts` namespace in its `handle.i18n`.
 *
 * Text (ticks, goal, marks) is HTML laid over a stretched SVG rather than SVG text, so it keeps
 * its size at 390 px and on a wide screen alike; lines keep their width (non-scaling-stroke).
 * Beside the picture, a "show as table" disclosure holds the numbers for screen readers and for
 * anyone who wants them exact.
 */
import { area, curveLinear, curveStepAfter, line } from "d3-shape";
import { useTranslation } from "react-i18next";
import { ChartLegend, groupMarkers, MarkerList } from "./chart-key";
import {
  BOX,
  type ChartPoint,
  type ChartTone,
  type ChartUnit,
  dayScale,
  dayTime,
  formatValue,
  round,
  TONES,
  valueScale,
  wholeTicks,
} from "./chart-scales";
import { ChartTable } from "./chart-table";
import { dayTicks, TICK_CONTAINER } from "./chart-ticks";

export type { ChartPoint, ChartTone, ChartUnit } from "./chart-scales";

export interface ChartSeries {
  key: string;
  label: string;
  points: ChartPoint[];
  kind?: "line" | "area" | "bar";
  curve?: "linear" | "step";
  tone?: ChartTone;
  /** Dashed: for a figure that is not yet certain (pledges still waiting). */
  dashed?: boolean;
}

export interface ChartMarker {
  day: string;
  /** Short, e.g. "spent 120,000₮": shown in the numbered list under the chart. */
  label: string;
}

export interface TimeChartProps {
  label: string;
  series: ChartSeries[];
  unit?: ChartUnit;
  goal?: { value: number; label: string } | null;
  markers?: ChartMarker[];
  /** Height of the drawing (Tailwind classes); the width is always the container's. */
  height?: string;
  testId?: string;
}

export function TimeChart({
  label,
  series,
  unit = "count",
  goal = null,
  markers = [],
  height = "h-48 sm:h-64",
  testId = "time-chart",
}: TimeChartProps) {
  const { i18n } = useTranslation("charts");
  const lng = i18n.language ?? "mn";
  const days = [
    ...new Set([
      ...series.flatMap((s) => s.points.map((p) => p.day)),
      ...markers.map((m) => m.day),
    ]),
  ].sort();
  const bars = series.some((s) => s.kind === "bar");
  const x = dayScale(days, bars ? 0.5 : 0);
  const values = valueScale(
    [...series.flatMap((s) => s.points.map((p) => p.value)), goal?.value ?? 0],
    4,
  );
  const px = (day: string) => round(x(new Date(dayTime(day))));
  const y = (value: number) => round(values(value));
  const yTicks = wholeTicks(values.ticks(4));
  const xTicks = dayTicks(x, lng);
  const dayWidth = Math.abs(px("2000-01-02") - px("2000-01-01"));
  const groups = groupMarkers(markers);

  return (
    <div data-testid={testId} className="text-xs text-muted-foreground">
      <div className="flex">
        <div aria-hidden="true" className="relative mb-6 mr-2 shrink-0 text-right tabular-nums">
          {/* The widest tick label sets the column's width; the labels are laid over it. */}
          <span className="invisible block h-0 overflow-hidden">
            {formatValue(Math.max(...yTicks), unit)}
          </span>
          {yTicks.map((v) => (
            <span
              key={v}
              data-tick-y={v}
              className="absolute right-0 -translate-y-1/2 whitespace-nowrap"
              style={{ top: `${y(v)}%` }}
            >
              {formatValue(v, unit)}
            </span>
          ))}
        </div>
        <div className={`relative mb-6 min-w-0 flex-1 ${TICK_CONTAINER}`}>
          <svg
            viewBox={`0 0 ${BOX} ${BOX}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={label}
            className={`block w-full overflow-visible ${height}`}
          >
            <g className="stroke-border" strokeWidth={1}>
              {yTicks.map((v) => (
                <line
                  key={v}
                  x1={0}
                  x2={BOX}
                  y1={y(v)}
                  y2={y(v)}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
            </g>
            {groups.map((g) => (
              <line
                key={g.day}
                data-marker={g.day}
                x1={px(g.day)}
                x2={px(g.day)}
                y1={0}
                y2={BOX}
                className="stroke-gold"
                strokeWidth={1.5}
                strokeDasharray="2 3"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {series.map((s) => (
              <SeriesShape key={s.key} series={s} px={px} py={y} barWidth={dayWidth * 0.7} />
            ))}
            {goal ? (
              <line
                data-goal={goal.value}
                x1={0}
                x2={BOX}
                y1={y(goal.value)}
                y2={y(goal.value)}
                className="stroke-foreground"
                strokeWidth={1.5}
                strokeDasharray="6 4"
                vectorEffect="non-scaling-stroke"
              />
            ) : null}
          </svg>
          <div aria-hidden="true">
            {goal ? (
              <span
                className={`absolute right-0 whitespace-nowrap rounded bg-card/80 px-1 font-semibold text-foreground ${
                  y(goal.value) < 12 ? "" : "-translate-y-full"
                }`}
                style={{ top: `${y(goal.value)}%` }}
              >
                {`${goal.label}: ${formatValue(goal.value, unit)}`}
              </span>
            ) : null}
            {groups.map((g) => (
              <span
                key={g.day}
                className="absolute bottom-0 flex h-4 min-w-4 -translate-x-1/2 items-center justify-center rounded-full bg-gold px-1 text-[10px] font-bold text-gold-foreground"
                style={{ left: `${px(g.day)}%` }}
              >
                {g.number}
              </span>
            ))}
            {xTicks.map(({ date, at, label, className }) => (
              <span
                key={`${date.getTime()} ${label}`}
                data-tick-x={date.toISOString().slice(0, 10)}
                className={`absolute top-full mt-1 -translate-x-1/2 whitespace-nowrap ${className}`}
                style={{ left: `${at}%` }}
              >
                {label}
              </span>
            ))}
          </div>
        </div>
      </div>
      <ChartLegend series={series} goal={goal} />
      <MarkerList groups={groups} lng={lng} />
      <ChartTable label={label} series={series} days={days} unit={unit} lng={lng} />
    </div>
  );
}

function SeriesShape({
  series,
  px,
  py,
  barWidth,
}: {
  series: ChartSeries;
  px: (day: string) => number;
  py: (value: number) => number;
  barWidth: number;
}) {
  const tone = TONES[series.tone ?? "primary"];
  const points = [...series.points].sort((a, b) => a.day.localeCompare(b.day));
  if (series.kind === "bar") {
    return (
      <g className={tone.fill} data-series={series.key}>
        {points.map((p) => (
          <rect
            key={p.day}
            x={round(px(p.day) - barWidth / 2)}
            width={round(barWidth)}
            y={py(p.value)}
            height={round(Math.max(0, BOX - py(p.value)))}
          />
        ))}
      </g>
    );
  }
  const curve = series.curve === "step" ? curveStepAfter : curveLinear;
  const path = line<ChartPoint>()
    .x((p) => px(p.day))
    .y((p) => py(p.value))
    .curve(curve)(points);
  const fill =
    series.kind === "area"
      ? area<ChartPoint>()
          .x((p) => px(p.day))
          .y0(BOX)
          .y1((p) => py(p.value))
          .curve(curve)(points)
      : null;
  return (
    <g data-series={series.key}>
      {fill ? <path d={fill} className={tone.area} /> : null}
      <path
        d={path ?? ""}
        fill="none"
        className={tone.stroke}
        strokeWidth={2}
        strokeLinejoin="round"
        strokeDasharray={series.dashed ? "5 4" : undefined}
        vectorEffect="non-scaling-stroke"
      />
    </g>
  );
}
