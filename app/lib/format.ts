/**
 * Numbers in the Mongolian locale with ₮ (spec 01 §9) whatever the interface language; dates in
 * the interface language (en: short month, numeric day and year, as the spec shows). Written out
 * here rather than with Intl: browsers ship without Mongolian locale data, so Intl would format
 * differently on the server and in the browser and break hydration.
 */
export function formatNumber(value: number): string {
  const rounded = Math.round(value);
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return rounded < 0 ? `-${digits}` : digits;
}

export function formatMoney(amount: number): string {
  return `${formatNumber(amount)}₮`;
}

/** Mongolia keeps UTC+8 all year (no daylight saving since 2017). */
export const ULAANBAATAR_OFFSET_MS = 8 * 60 * 60 * 1000;
const EN_MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
];

export function formatDate(
  value: string | Date | null | undefined,
  lng: string,
  na = "N/A",
): string {
  if (!value) return na;
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return na;
  const local = new Date(date.getTime() + ULAANBAATAR_OFFSET_MS);
  const [y, m, d] = [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
  return lng === "mn" ? `${y} оны ${m}-р сарын ${d}` : `${EN_MONTHS[m - 1]} ${d}, ${y}`;
}

/** Date and time of day in Ulaanbaatar (24-hour clock), e.g. "2026 оны 3-р сарын 5, 14:07". */
export function formatDateTime(
  value: string | Date | null | undefined,
  lng: string,
  na = "N/A",
): string {
  const day = formatDate(value, lng, na);
  if (day === na || !value) return day;
  const local = new Date(new Date(value).getTime() + ULAANBAATAR_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${day}, ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** The first `max` characters and an ellipsis when the text is longer (spec: default 100, cards 120). */
export function truncate(text: string, max = 100): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max).trimEnd()}…` : clean;
}
