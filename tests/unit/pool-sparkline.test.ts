import { describe, expect, it } from "vitest";
import { type PoolSeries, SPARKLINE_POINTS, sparklineSeries } from "~/models/pool-series.server";

/** Issue 45: a campaign page's small chart sends at most SPARKLINE_POINTS days, whatever the gifts. */

function seriesOf(dayCount: number): PoolSeries {
  const days = Array.from({ length: dayCount }, (_, i) => {
    const day = new Date(Date.UTC(2026, 0, 1) + i * 2 * 86_400_000).toISOString().slice(0, 10);
    return { day, verified: (i + 1) * 1_000, with_pending: (i + 1) * 1_500 };
  });
  return {
    pool: { id: 1, name: "Аян", goal_amount: 500_000 },
    days,
    spending: [
      { update_id: 1, day: days[0]!.day, amount: 10, spent_on_mn: "ном", spent_on_en: null },
    ],
    totals: { verified_amount: dayCount * 1_000, pending_amount: 0, spent_amount: 10 },
  };
}

describe("the campaign page's small chart", () => {
  it("keeps a few days' series as it is", () => {
    const series = seriesOf(30);
    expect(sparklineSeries(series).days).toEqual(series.days);
  });

  it("keeps at most SPARKLINE_POINTS days of a long one: the first, the last, each stretch's end", () => {
    for (const count of [SPARKLINE_POINTS + 1, 200, 2_000]) {
      const series = seriesOf(count);
      const { days, totals, pool } = sparklineSeries(series);
      expect(days.length).toBeLessThanOrEqual(SPARKLINE_POINTS);
      expect(days.length).toBeGreaterThan(SPARKLINE_POINTS / 2);
      expect(days[0]).toEqual(series.days[0]);
      expect(days.at(-1)).toEqual(series.days.at(-1));
      // A subsequence of the days, in order: the running total still only rises.
      const all = series.days.map((d) => d.day);
      const at = days.map((d) => all.indexOf(d.day));
      expect(at.every((i, k) => i >= 0 && (k === 0 || i > at[k - 1]!))).toBe(true);
      expect({ totals, pool }).toEqual({ totals: series.totals, pool: series.pool });
    }
  });
});
