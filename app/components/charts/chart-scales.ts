import { scaleLinear, scaleUtc } from "d3-scale";
import { formatMoney, formatNumber } from "~/lib/format";

/**
 * What every chart shares: days as Ulaanbaatar dates ("YYYY-MM-DD", read as UTC midnight so a
 * day never shifts with the server's or the browser's zone), the value scale, the tick words and
 * the theme's colours. Drawing happens in a 100 × 100 box stretched to the chart's size, so the
 * SVG needs no width from the browser and the server's HTML is already the finished picture.
 */

export type ChartUnit = "money" | "count";
export type ChartTone = "primary" | "success" | "gold" | "destructive" | "muted";

/** One value on one day, e.g. { day: "2026-03-05", value: 120000 }. */
export interface ChartPoint {
  day: string;
  value: number;
}

export const BOX = 100;
export const DAY_MS = 86_400_000;

export const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function formatValue(value: number, unit: ChartUnit): string {
  return unit === "money" ? formatMoney(value) : formatNumber(value);
}

export const EN_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");

/** A tick's date, short: "Mar 5" / "3-р сарын 5" (the long form is in the table). */
export function shortDay(date: Date, lng: string): string {
  const m = date.getUTCMonth() + 1;
  const d = date.getUTCDate();
  return lng === "mn" ? `${m}-р сарын ${d}` : `${EN_MONTHS[m - 1]} ${d}`;
}

/**
 * The x scale over the days drawn; one day alone is widened to three so it has a place. `pad`
 * (in days) leaves room at both ends, so bars centred on the first and last day are whole.
 */
export function dayScale(days: string[], pad = 0) {
  const times = days.map(dayTime);
  let lo = Math.min(...times);
  let hi = Math.max(...times);
  if (!Number.isFinite(lo)) lo = hi = Date.parse("2000-01-01T00:00:00Z");
  if (lo === hi) {
    lo -= DAY_MS;
    hi += DAY_MS;
  }
  return scaleUtc()
    .domain([new Date(lo - pad * DAY_MS), new Date(hi + pad * DAY_MS)])
    .range([0, BOX]);
}

/** Three decimals of a 100-wide box are finer than any screen's pixel, and keep the HTML short. */
export const round = (n: number) => Math.round(n * 1000) / 1000;

/** The y scale from 0 to a round number above the highest value (and the goal). */
export function valueScale(values: number[], ticks: number) {
  const top = Math.max(1, ...values);
  return scaleLinear().domain([0, top]).nice(ticks).range([BOX, 0]);
}

/** Whole days only: a count or an amount never reads "2.5". */
export const wholeTicks = (ticks: number[]) => ticks.filter((v) => Number.isInteger(v));

/**
 * Literal class names per tone (Tailwind reads the source, so they cannot be built from parts).
 * The tones are CSS variables that change with the theme, so dark mode needs no dark: variants.
 */
export const TONES: Record<
  ChartTone,
  { stroke: string; fill: string; area: string; swatch: string }
> = {
  primary: {
    stroke: "stroke-primary",
    fill: "fill-primary",
    area: "fill-primary/15",
    swatch: "bg-primary",
  },
  success: {
    stroke: "stroke-success",
    fill: "fill-success",
    area: "fill-success/20",
    swatch: "bg-success",
  },
  gold: { stroke: "stroke-gold", fill: "fill-gold", area: "fill-gold/20", swatch: "bg-gold" },
  destructive: {
    stroke: "stroke-destructive",
    fill: "fill-destructive",
    area: "fill-destructive/15",
    swatch: "bg-destructive",
  },
  muted: {
    stroke: "stroke-muted-foreground",
    fill: "fill-muted-foreground",
    area: "fill-muted-foreground/15",
    swatch: "bg-muted-foreground",
  },
};
