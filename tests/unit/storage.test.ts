import { describe, expect, it } from "vitest";
import { isStorageUnavailable } from "~/lib/storage.server";

const sqliteError = (code: string) => Object.assign(new Error(code), { code });

describe("storage that cannot take writes", () => {
  it("recognises full, read-only, I/O and lock-timeout errors, also wrapped by drizzle", () => {
    for (const code of [
      "SQLITE_FULL",
      "SQLITE_READONLY",
      "SQLITE_READONLY_DBMOVED",
      "SQLITE_IOERR_WRITE",
      "SQLITE_BUSY",
      "SQLITE_CANTOPEN",
    ]) {
      expect(isStorageUnavailable(sqliteError(code))).toBe(true);
      expect(isStorageUnavailable(new Error("Failed query", { cause: sqliteError(code) }))).toBe(
        true,
      );
    }
  });

  it("leaves real bugs and broken data alone (they stay 500s)", () => {
    for (const code of ["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CORRUPT", "SQLITE_ERROR"]) {
      expect(isStorageUnavailable(sqliteError(code))).toBe(false);
    }
    expect(isStorageUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isStorageUnavailable(null)).toBe(false);
  });
});
