/**
 * Parts of a page that load their module when drawn (app/components/story/on-demand.tsx,
 * decision 068) and are not hydrated yet. The root layout's hydrated mark waits for them, so the
 * mark still means that every control on the page is React's (decision 040).
 */
const waiting = new Set<string>();
const settled = new Set<string>();
const listeners = new Set<() => void>();

/** A part drawn in the browser, not yet hydrated (called as it renders: idempotent). */
export function partDrawn(id: string) {
  if (!settled.has(id)) waiting.add(id);
}

/** The part is hydrated (or its module failed and it is gone). */
export function partHydrated(id: string) {
  settled.add(id);
  waiting.delete(id);
  if (waiting.size) return;
  for (const listener of listeners) listener();
  listeners.clear();
}

/** Resolves once every part drawn so far is hydrated. */
export function partsHydrated(): Promise<void> {
  if (!waiting.size) return Promise.resolve();
  return new Promise((resolve) => listeners.add(resolve));
}
