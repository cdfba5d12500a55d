import { ULAANBAATAR_OFFSET_MS } from "~/lib/format";

/**
 * A campaign's optional last day (issue 16): "YYYY-MM-DD", a day in Ulaanbaatar. It takes
 * pledges through the end of that day. Shared by the server's rule and the pages' words.
 */
export const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in Ulaanbaatar, "YYYY-MM-DD". */
export function todayInUlaanbaatar(now = new Date()): string {
  return new Date(now.getTime() + ULAANBAATAR_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether a campaign's last day is behind us. */
export function poolEnded(endsOn: string | null | undefined, now = new Date()): boolean {
  return Boolean(endsOn) && endsOn! < todayInUlaanbaatar(now);
}

/** Whole days left, the last day included (1 on the last day); null without an end. */
export function daysLeft(endsOn: string | null | undefined, now = new Date()): number | null {
  if (!endsOn) return null;
  const today = Date.parse(`${todayInUlaanbaatar(now)}T00:00:00Z`);
  const last = Date.parse(`${endsOn}T00:00:00Z`);
  return Math.max(0, Math.round((last - today) / 86_400_000) + 1);
}
