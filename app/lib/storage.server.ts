/**
 * SQLite's answers meaning the storage cannot take a write just now: disk full, file system
 * read-only, an I/O error, or another process holding the lock past the busy timeout. The
 * request changed nothing (its transaction rolled back) and may succeed later, so the visitor
 * gets a 503 with Retry-After instead of an error page for a bug.
 */
const UNAVAILABLE = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY|LOCKED)/;

export const RETRY_AFTER_SECONDS = 30;

/** True for such an error, also when drizzle has wrapped it (the driver's error is the cause). */
export function isStorageUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
