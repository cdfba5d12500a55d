/**
 * A small chart for a card: one series, no axes, no text, drawn on the server like TimeChart
 * (decision 060). It is a picture beside a number, so its accessible name must say what the
 * numbers say: pass `label` with the figures (e.g. "Reads, last 30 days: 1,234"). A goal, when
 * given, is a faint dashed line.
 *
 *   <Sparkline label={t("stats:sparkLabel", { count })} points={[{ day, value }, …]} />
 */
import { area, curveLinear, curveStepAfter, line } from "d3-shape";
import {
  BOX,
  type ChartPoint,
  type ChartTone,
  dayScale,
  dayTime,
  TONES,
  valueScale,
} from "./chart-scales";

export function Sparkline({
  label,
  points,
  tone = "primary",
  curve = "linear",
  goal,
  height = "h-10",
  testId = "sparkline",
}: {
  label: string;
  points: ChartPoint[];
  tone?: ChartTone;
  curve?: "linear" | "step";
  goal?: number;
  height?: string;
  testId?: string;
}) {
  const sorted = [...points].sort((a, b) => a.day.localeCompare(b.day));
  const x = dayScale(sorted.map((p) => p.day));
  const y = valueScale([...sorted.map((p) => p.value), goal ?? 0], 2);
  const px = (p: ChartPoint) => x(new Date(dayTime(p.day)));
  const shape = curve === "step" ? curveStepAfter : curveLinear;
  const stroke = line<ChartPoint>()
    .x(px)
    .y((p) => y(p.value))
    .curve(shape)(sorted);
  const fill = area<ChartPoint>()
    .x(px)
    .y0(BOX)
    .y1((p) => y(p.value))
    .curve(shape)(sorted);
  const colours = TONES[tone];
  return (
    <svg
      data-testid={testId}
      viewBox={`0 0 ${BOX} ${BOX}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      className={`block w-full overflow-visible ${height}`}
    >
      {fill ? <path d={fill} className={colours.area} /> : null}
      {goal !== undefined ? (
        <line
          x1={0}
          x2={BOX}
          y1={y(goal)}
          y2={y(goal)}
          className="stroke-muted-foreground"
          strokeWidth={1}
          strokeDasharray="3 3"
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
      <path
        d={stroke ?? ""}
        fill="none"
        className={colours.stroke}
        strokeWidth={1.5}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
