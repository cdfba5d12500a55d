/**
 * Numbers in the Mongolian locale with ₮ (spec 01 §9) whatever the interface language; dates in
 * the interface language (en: short month, numeric day and year, as the spec shows).
 */
const numberFormat = new Intl.NumberFormat("mn-MN", { maximumFractionDigits: 0 });

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function formatMoney(amount: number): string {
  return `${numberFormat.format(amount)}₮`;
}

export function formatDate(
  value: string | Date | null | undefined,
  lng: string,
  na = "N/A",
): string {
  if (!value) return na;
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return na;
  return new Intl.DateTimeFormat(lng === "mn" ? "mn-MN" : "en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "Asia/Ulaanbaatar",
  }).format(date);
}

/** The first `max` characters and an ellipsis when the text is longer (spec: default 100, cards 120). */
export function truncate(text: string, max = 100): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max).trimEnd()}…` : clean;
}
