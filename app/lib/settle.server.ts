import { errorFields, logger } from "~/lib/logger.server";

export type Settled<T> = { ok: true; data: T } | { ok: false };

/**
 * Runs one section's query for a page that has several: a failure is logged and that section
 * shows its error box (spec 01 §8) while the rest of the page still renders.
 */
export async function settle<T>(name: string, work: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, data: await work };
  } catch (error) {
    logger.error("section.failed", { section: name, ...errorFields(error) });
    return { ok: false };
  }
}
