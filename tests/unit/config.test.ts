import { describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";

describe("configuration", () => {
  it("has working defaults for local use", () => {
    const config = parseConfig({ DATA_DIR: process.env.DATA_DIR });
    expect(config.DATABASE_URL).toBe("file:./data/app.db");
    expect(config.PORT).toBe(3000);
    expect(config.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(config.ADMIN_USERNAME).toBe("admin");
    expect(config.PREMIUM_SETTINGS_SECRET).toBeUndefined();
  });

  it("keeps the generated session secret between starts", () => {
    const a = parseConfig({ DATA_DIR: process.env.DATA_DIR });
    const b = parseConfig({ DATA_DIR: process.env.DATA_DIR });
    expect(a.SESSION_SECRET).toBe(b.SESSION_SECRET);
  });

  it("names every bad variable in one message", () => {
    expect(() =>
      parseConfig({
        PORT: "eighty",
        DATABASE_URL: "postgres://x",
        SESSION_SECRET: "short",
        CONTACT_EMAIL: "not-an-email",
        PAYEE_BANK_ACCOUNT: "12-34",
      }),
    ).toThrowError(
      /PORT[\s\S]*DATABASE_URL[\s\S]*SESSION_SECRET[\s\S]*PAYEE_BANK_ACCOUNT[\s\S]*CONTACT_EMAIL|PORT/,
    );
    try {
      parseConfig({ PORT: "eighty", SESSION_SECRET: "short" });
    } catch (error) {
      expect((error as Error).message).toContain("PORT");
      expect((error as Error).message).toContain("SESSION_SECRET: must be at least 32 characters");
    }
  });

  it("treats an empty premium secret as 'page disabled'", () => {
    expect(parseConfig({ PREMIUM_SETTINGS_SECRET: "" }).PREMIUM_SETTINGS_SECRET).toBeUndefined();
    expect(
      parseConfig({ PREMIUM_SETTINGS_SECRET: "a-long-enough-key" }).PREMIUM_SETTINGS_SECRET,
    ).toBe("a-long-enough-key");
  });
});
