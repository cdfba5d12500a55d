/**
 * A message's translation key and values: `key` or `key|{"param":…}` (decision 018). Here, apart
 * from app/schemas/zod.ts, so the toaster and the forms of every page can read one without
 * bringing zod along.
 */
export function splitMessage(message: string): {
  key: string;
  values?: Record<string, string | number>;
} {
  const bar = message.indexOf("|");
  if (bar < 0) return { key: message };
  try {
    return { key: message.slice(0, bar), values: JSON.parse(message.slice(bar + 1)) };
  } catch {
    return { key: message.slice(0, bar) };
  }
}

/** A schema message in the reader's language. */
export function translateMessage(
  t: (key: string, options?: Record<string, unknown>) => string,
  message: string,
): string {
  const { key, values } = splitMessage(message);
  return t(key, values);
}
