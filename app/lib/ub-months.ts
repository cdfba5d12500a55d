import { todayInUlaanbaatar } from "~/lib/pool-end";

/**
 * Months of a monthly gift ("YYYY-MM", Asia/Ulaanbaatar; issue 43). A gift's day of the month
 * is 1–31; a shorter month uses its last day.
 */

/** This month in Ulaanbaatar. */
export const monthInUlaanbaatar = (now = new Date()) => todayInUlaanbaatar(now).slice(0, 7);

/** The month `count` months after `month` (before, when negative). */
export function addMonths(month: string, count: number): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export function daysInMonth(month: string): number {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
}

/** The day a gift falls on in a month: its own, or the month's last when the month is shorter. */
export const dueDay = (month: string, dayOfMonth: number) =>
  Math.min(dayOfMonth, daysInMonth(month));

/**
 * The next month a gift falls due: this month while its day is still ahead (today, in
 * Ulaanbaatar, is before it), else next month. A pause starts there.
 */
export function nextDueMonth(dayOfMonth: number, now = new Date()): string {
  const today = todayInUlaanbaatar(now);
  const month = today.slice(0, 7);
  return Number(today.slice(8, 10)) < dueDay(month, dayOfMonth) ? month : addMonths(month, 1);
}

/** Today's day of the month in Ulaanbaatar: the form's default day. */
export const dayInUlaanbaatar = (now = new Date()) => Number(todayInUlaanbaatar(now).slice(8, 10));

/**
 * The day as the words around it need it: English "15th" (the sentence says "the 15th of each
 * month"); Mongolian the number alone, the catalogue adds the ordinal «-р».
 */
export function dayWord(day: number, lng: string): string {
  if (lng !== "en") return String(day);
  const tens = day % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[day % 10] ?? "th");
  return `${day}${suffix}`;
}

const EN_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A month in words: «2026 оны 3-р сар», "March 2026". */
export function monthWord(month: string, lng: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return lng === "en" ? `${EN_MONTHS[m - 1]} ${year}` : `${year} оны ${m}-р сар`;
}
