import { describe, expect, it } from "vitest";
import { AVATAR_EMOJIS, avatarEmoji } from "~/lib/avatar";
import { formatDate, formatDateTime, formatMoney } from "~/lib/format";

describe("avatar emoji", () => {
  it("is one of 30 and always the same for a username", () => {
    expect(new Set(AVATAR_EMOJIS).size).toBe(30);
    expect(avatarEmoji("saraa")).toBe(avatarEmoji("saraa"));
    expect(AVATAR_EMOJIS).toContain(avatarEmoji("Болд"));
    const spread = new Set(
      ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"].map((u) => avatarEmoji(`user_${u}`)),
    );
    expect(spread.size).toBeGreaterThan(4);
  });
});

describe("formatting", () => {
  it("writes money in the Mongolian locale with ₮", () => {
    expect(formatMoney(1234567)).toBe("1,234,567₮");
    expect(formatMoney(0)).toBe("0₮");
    expect(formatMoney(100)).toBe("100₮");
    expect(formatMoney(-2500)).toBe("-2,500₮");
  });
  it("writes dates in the interface language, N/A when empty", () => {
    expect(formatDate("2026-03-05T10:00:00Z", "en")).toBe("Mar 5, 2026");
    expect(formatDate("2026-03-05T10:00:00Z", "mn")).toBe("2026 оны 3-р сарын 5");
    // Dates are Ulaanbaatar dates (UTC+8): 20:00 UTC is already the next day there.
    expect(formatDate("2026-03-05T20:00:00Z", "en")).toBe("Mar 6, 2026");
    expect(formatDate(null, "en")).toBe("N/A");
  });
  it("adds the Ulaanbaatar time of day on a 24-hour clock", () => {
    expect(formatDateTime("2026-03-05T06:07:00Z", "mn")).toBe("2026 оны 3-р сарын 5, 14:07");
    expect(formatDateTime("2026-03-05T20:30:00Z", "en")).toBe("Mar 6, 2026, 04:30");
    expect(formatDateTime("", "en", "—")).toBe("—");
  });
});
