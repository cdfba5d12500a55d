import { ULAANBAATAR_OFFSET_MS } from "~/lib/format";
import { todayInUlaanbaatar } from "~/lib/pool-end";

/**
 * Runs of Ulaanbaatar days ("YYYY-MM-DD") for series over the last N days. Timestamps are stored
 * as UTC ISO text, so a day's rows are found by the UTC instant the day begins there.
 */

const DAY_MS = 86_400_000;

/** The day `days` before `day`. */
export function dayBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC instant an Ulaanbaatar day begins, as stored timestamps are written. */
export function dayStartsAt(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - ULAANBAATAR_OFFSET_MS).toISOString();
}

/** The last `count` Ulaanbaatar days, oldest first, today last. */
export function lastDays(count: number, now = new Date()): string[] {
  const today = todayInUlaanbaatar(now);
  return Array.from({ length: count }, (_, i) => dayBefore(today, count - 1 - i));
}
