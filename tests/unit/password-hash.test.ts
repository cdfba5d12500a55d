import { describe, expect, it } from "vitest";
import { hashPassword, scryptCost, verifyPassword } from "~/lib/password.server";

/** Passwords are scrypt-hashed at OWASP's cost wherever the site really runs. */
describe("password hashes", () => {
  it("cost 2^17 in production and development; only the unit suite hashes cheaper", () => {
    expect(scryptCost("production")).toBe(2 ** 17);
    expect(scryptCost("development")).toBe(2 ** 17);
    expect(scryptCost("test")).toBeLessThan(2 ** 17);
  });

  it("a hash names its cost and verifies only its own password, NFKC-normalised", async () => {
    const stored = await hashPassword("Ｓａｌхи-2026");
    expect(stored.split("$").slice(0, 4)).toEqual(["scrypt", String(scryptCost()), "8", "1"]);
    expect(await verifyPassword("Salхи-2026", stored)).toBe(true);
    expect(await verifyPassword("Salхи-2027", stored)).toBe(false);
    expect(await verifyPassword("anything", "bcrypt$x")).toBe(false);
  });
});
