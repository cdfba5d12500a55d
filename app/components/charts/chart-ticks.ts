import { DAY_MS, type dayScale, EN_MONTHS, round, shortDay } from "./chart-scales";

/**
 * Date ticks that never overlap and never leave the chart (decision 060). The server cannot know
 * how wide a chart will be, so it picks ticks for a few widths of the plot and a container query
 * shows the set made for the width the plot really has. A set is made for the narrowest plot of
 * its range, so it fits every wider one: labels only get further apart and further from the edges.
 *
 * Every label is centred on its day, so equal intervals look equal (a label aligned to an edge
 * looks shifted by half its width); a day whose centred label would stick out is not labelled.
 * Steps are whole days counted from the first day drawn, or the first days of months.
 */

type Scale = ReturnType<typeof dayScale>;

/**
 * `from` is the plot's width in px where a tier starts; its ticks are made for `assume` px (a
 * 320 px phone with a money axis leaves about 150). At most `max` ticks: a phone gets three.
 */
export const TICK_TIERS = [
  { from: 0, assume: 140, max: 3 },
  { from: 200, assume: 200, max: 3 },
  { from: 280, assume: 280, max: 4 },
  { from: 400, assume: 400, max: 6 },
  { from: 560, assume: 560, max: 8 },
  { from: 760, assume: 760, max: 10 },
] as const;

/**
 * Literal class names per tier, as Tailwind reads them from the source. The ranges do not overlap,
 * so no rule has to win over another; the tier from 0 is the base (also what a browser without
 * container queries shows).
 */
const SHOW = [
  "",
  "[@container_(min-width:200px)_and_(max-width:279.98px)]:block",
  "[@container_(min-width:280px)_and_(max-width:399.98px)]:block",
  "[@container_(min-width:400px)_and_(max-width:559.98px)]:block",
  "[@container_(min-width:560px)_and_(max-width:759.98px)]:block",
  "[@container_(min-width:760px)]:block",
];
const HIDE = [
  "",
  "[@container_(min-width:200px)_and_(max-width:279.98px)]:hidden",
  "[@container_(min-width:280px)_and_(max-width:399.98px)]:hidden",
  "[@container_(min-width:400px)_and_(max-width:559.98px)]:hidden",
  "[@container_(min-width:560px)_and_(max-width:759.98px)]:hidden",
  "[@container_(min-width:760px)]:hidden",
];

/** The class on the plot that the tiers' queries measure. */
export const TICK_CONTAINER = "[container-type:inline-size]";

/** Tick text is text-xs (12 px); each character's width is taken generously, to be safe in any sans. */
const FONT_PX = 12;
const GAP_PX = 8;
export function labelWidth(text: string): number {
  let em = 0;
  for (const ch of text) {
    if (/[0-9]/.test(ch)) em += 0.62;
    else if (ch === " ") em += 0.3;
    else if (/[-.,]/.test(ch)) em += 0.4;
    else if (/[mwMWшщжыюфмШЩЖЫЮФМ]/.test(ch)) em += 0.88;
    else if (/[A-ZА-ЯЁӨҮ]/.test(ch)) em += 0.75;
    else em += 0.62;
  }
  return em * FONT_PX;
}

/** A month's tick: "9-р сар" / "Sep"; January says the year instead ("2026 он" / "2026"). */
export function shortMonth(date: Date, lng: string): string {
  const m = date.getUTCMonth() + 1;
  const y = date.getUTCFullYear();
  if (m === 1) return lng === "mn" ? `${y} он` : `${y}`;
  return lng === "mn" ? `${m}-р сар` : (EN_MONTHS[m - 1] ?? "");
}

type Step = { days: number } | { months: number };
const STEPS: Step[] = [
  { days: 1 },
  { days: 2 },
  { days: 3 },
  { days: 7 },
  { days: 14 },
  { months: 1 },
  { months: 2 },
  { months: 3 },
  { months: 6 },
  { months: 12 },
];

/** The candidate days of a step: one list per starting day for day steps, one for months. */
function candidates(step: Step, first: number, last: number): number[][] {
  if ("days" in step) {
    return Array.from({ length: step.days }, (_, phase) => {
      const times: number[] = [];
      for (let t = first + phase * DAY_MS; t <= last; t += step.days * DAY_MS) times.push(t);
      return times;
    });
  }
  const times: number[] = [];
  const start = new Date(first);
  for (let m = start.getUTCMonth() + (start.getUTCDate() === 1 ? 0 : 1); ; m++) {
    const t = Date.UTC(start.getUTCFullYear(), m, 1);
    if (t > last) break;
    if (new Date(t).getUTCMonth() % step.months === 0) times.push(t);
  }
  return [times];
}

interface Placed {
  time: number;
  at: number;
  label: string;
}

/**
 * The ticks of one list that fit a plot `width` px wide, or null when two would touch. A label
 * may depend on the tick kept before it (compact labels: "Nov 12, 19, 26").
 */
function place(
  times: number[],
  x: Scale,
  width: number,
  label: (time: number, before: number | null) => string,
): Placed[] | null {
  const kept: (Placed & { w: number })[] = [];
  for (const time of times) {
    const at = x(new Date(time));
    const text = label(time, kept.at(-1)?.time ?? null);
    const w = labelWidth(text);
    const px = (at / 100) * width;
    if (px < w / 2 || width - px < w / 2) continue;
    const before = kept.at(-1);
    if (before && px - (before.at / 100) * width < (before.w + w) / 2 + GAP_PX) return null;
    kept.push({ time, at, label: text, w });
  }
  return kept.map(({ time, at, label }) => ({ time, at, label }));
}

function tierTicks(x: Scale, width: number, max: number, lng: string): Placed[] {
  const [lo = 0, hi = 0] = x.domain().map((d) => d.getTime());
  const first = Math.ceil(lo / DAY_MS) * DAY_MS;
  const last = Math.floor(hi / DAY_MS) * DAY_MS;
  // Compact labels write only the day when the tick before is in the same month: long Mongolian
  // dates would otherwise leave a phone one tick.
  const pick = (compact: boolean) => {
    let single: Placed[] | null = null;
    for (const step of STEPS) {
      const label =
        "months" in step
          ? (time: number) => shortMonth(new Date(time), lng)
          : (time: number, before: number | null) =>
              compact && before !== null && sameMonth(time, before)
                ? String(new Date(time).getUTCDate())
                : shortDay(new Date(time), lng);
      let best: Placed[] | null = null;
      for (const times of candidates(step, first, last)) {
        const ticks = place(times, x, width, label);
        if (!ticks || ticks.length === 0 || ticks.length > max) continue;
        const better =
          !best ||
          ticks.length > best.length ||
          (ticks.length === best.length && anchor(ticks, step) < anchor(best, step));
        if (better) best = ticks;
      }
      if (best && best.length >= 2) return best;
      single ??= best;
    }
    return single ?? [];
  };
  const full = pick(false);
  if (full.length >= Math.ceil(max / 2)) return full;
  const compact = pick(true);
  return compact.length > full.length ? compact : full;
}

const sameMonth = (a: number, b: number) =>
  new Date(a).getUTCMonth() === new Date(b).getUTCMonth() &&
  new Date(a).getUTCFullYear() === new Date(b).getUTCFullYear();

/**
 * Of two starting days that give as many ticks, the one counted from a fixed Monday (weeks fall on
 * Mondays): the ticks stay put as the days move on, and the widths share more of them.
 */
const MONDAY = Date.UTC(1970, 0, 5);
const anchor = (ticks: Placed[], step: Step) =>
  "days" in step
    ? (((((ticks[0]?.time ?? MONDAY) - MONDAY) / DAY_MS) % step.days) + step.days) % step.days
    : 0;

export interface DayTick {
  date: Date;
  /** Percent of the plot's width. */
  at: number;
  label: string;
  /** Shows it in the tiers it belongs to. */
  className: string;
}

/** Each tier's ticks, a label once for all the tiers that share it. */
export function dayTicks(x: Scale, lng: string): DayTick[] {
  const shared = new Map<string, Placed & { tiers: Set<number> }>();
  TICK_TIERS.forEach((tier, i) => {
    for (const tick of tierTicks(x, tier.assume, tier.max, lng)) {
      const key = `${tick.time} ${tick.label}`;
      const found = shared.get(key) ?? { ...tick, tiers: new Set<number>() };
      found.tiers.add(i);
      shared.set(key, found);
    }
  });
  return [...shared.values()]
    .sort((a, b) => a.time - b.time || a.label.length - b.label.length)
    .map(({ time, at, label, tiers }) => ({
      date: new Date(time),
      at: round(at),
      label,
      className: visibility(tiers),
    }));
}

function visibility(tiers: Set<number>): string {
  const base = tiers.has(0);
  const classes = base ? [] : ["hidden"];
  for (let i = 1; i < TICK_TIERS.length; i++) {
    if (tiers.has(i) !== base) classes.push((tiers.has(i) ? SHOW[i] : HIDE[i]) ?? "");
  }
  return classes.join(" ");
}
