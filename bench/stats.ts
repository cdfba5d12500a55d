/** The value at percentile `p` (0–100) of an already sorted list: p50 is the median. */
export const percentile = <T>(sorted: readonly T[], p: number): T =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
