import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dbClient } from "#db/client";
import { BANKS } from "~/constants";
import { getT } from "~/i18next.server";
import { accountDisplayName, bankDisplayName } from "~/lib/plans";
import { GeneralDonationSchema } from "~/schemas/donation";
import { StorySchema } from "~/schemas/story";
import { getRequest } from "./helpers";

/** Issue 26: one spelling of the bank, its own — Khan Bank — with the old one still understood. */
describe("Khan Bank", () => {
  it("is the list's spelling, and the old «Khaan Bank» is read as it", async () => {
    expect(BANKS).toContain("Khan Bank");
    expect(BANKS).not.toContain("Khaan Bank");
    const story = StorySchema.safeParse({
      title: "Зуны амралт",
      story: "Арван тэмдэгтээс урт түүх.",
      pricing_tier: "free",
      bank_name: "Khaan Bank",
      bank_account: "5012345678",
    });
    expect(story.success && story.data.bank_name).toBe("Khan Bank");
    const gift = GeneralDonationSchema.safeParse({ bank_name: "Khaan Bank" });
    expect(gift.success || !gift.error.flatten().fieldErrors.bank_name).toBe(true);
  });

  it("is shown as «Хаан банк» in Mongolian and «Khan Bank» in English, old rows too", async () => {
    const tMn = await getT(getRequest("/"), "plans");
    const tEn = await getT(getRequest("/?lng=en"), "plans");
    for (const stored of ["Khan Bank", "Khaan Bank"]) {
      expect(bankDisplayName(tMn, stored)).toBe("Хаан банк");
      expect(bankDisplayName(tEn, stored)).toBe("Khan Bank");
    }
  });

  it("migration 0009 renames rows stored with the old spelling", async () => {
    await dbClient.execute(
      "INSERT INTO donation_pools (name, description, goal_amount, bank_name, bank_account, account_name) VALUES ('Туршилт', 'Тайлбар', 10000, 'Khaan Bank', '5000000000', 'Нэр')",
    );
    const sql = readFileSync(path.resolve("db/migrations/0009_khan_bank_spelling.sql"), "utf8");
    for (const statement of sql.split("--> statement-breakpoint")) {
      await dbClient.execute(statement.replace(/^--.*$/gm, "").trim());
    }
    const rows = await dbClient.execute(
      "SELECT count(*) AS n FROM donation_pools WHERE bank_name = 'Khaan Bank'",
    );
    expect(Number(rows.rows[0]?.n)).toBe(0);
    const renamed = await dbClient.execute(
      "SELECT count(*) AS n FROM donation_pools WHERE bank_name = 'Khan Bank' AND name = 'Туршилт'",
    );
    expect(Number(renamed.rows[0]?.n)).toBe(1);
  });
});

describe("the demo payee's account name", () => {
  it("reads in the page's language; a configured one is shown as written", async () => {
    const tMn = await getT(getRequest("/"), "plans");
    const tEn = await getT(getRequest("/?lng=en"), "plans");
    expect(accountDisplayName(tMn, "StoryShare LLC")).toBe("Сторишэйр ХХК");
    expect(accountDisplayName(tEn, "StoryShare LLC")).toBe("StoryShare LLC");
    expect(accountDisplayName(tMn, "Бат-Эрдэнэ Дорж")).toBe("Бат-Эрдэнэ Дорж");
  });
});
