import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, donations, poolDonations } from "#db/schema";
import { inboxText } from "~/lib/inbox-text";
import { receiptLines, receiptView } from "~/lib/receipt-view";
import { renderMessage } from "~/messages/render.server";
import { createGeneralDonation, createPledge } from "~/models/donation-create.server";
import type { DonorReceipt } from "~/models/receipts.server";
import { PledgeSchema } from "~/schemas/donation";
import { LegalPageSchema } from "~/schemas/legal";
import { PoolSchema } from "~/schemas/pool";
import { PoolUpdateSchema } from "~/schemas/pool-update";
import { StoryStep1Schema } from "~/schemas/story";
import { getRequest } from "./helpers";

/**
 * Issue 38 item 7, decision 051: a single-line name keeps no line break, control character or
 * bidi control, and is stored in NFC; names stored before the rule are cleaned where they are
 * read for mail, the ledger CSV and the receipt.
 */

// A line break, a right-to-left override, NUL, ESC, an isolate, a mark, and two letters typed
// decomposed: Cyrillic е + combining diaeresis, Latin e + combining acute.
const DIRTY = "\u202EБат\r\nЭрдэнэ\u0000\u001b Семе\u0308н Jose\u0301\u2066\u200F";
const CLEAN = "Бат Эрдэнэ Семён José";
// Stored before the rule: SQLite would have cut the value at a NUL, so the old rows hold none.
const STORED = DIRTY.replace("\u0000", "");
/** Whether the text holds a control or bidi character; `lf`: a mail's own line ends are fine. */
function hasUnsafe(text: string, lf = false) {
  return [...text].some((char) => {
    const n = char.codePointAt(0)!;
    if (lf && n === 0x0a) return false;
    return (
      n <= 0x1f ||
      (n >= 0x7f && n <= 0x9f) ||
      [0x061c, 0x200e, 0x200f].includes(n) ||
      (n >= 0x202a && n <= 0x202e) ||
      (n >= 0x2066 && n <= 0x2069)
    );
  });
}

let poolId: number;

beforeAll(async () => {
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Нэрийн шалгалт\u202E",
      description: "Нэрийг цэвэрлэж хадгалахыг шалгана.",
      goal_amount: 1_000_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Сан\r\nBcc: x",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

describe("a single-line name is stored clean and in NFC", () => {
  it("a pledge through the service", async () => {
    const made = await createPledge(
      poolId,
      {
        donor_name: DIRTY,
        phone_number: "99112233",
        amount: 5_000,
        transaction_reference: "NAME-1",
      },
      getRequest(`/donation-pools/${poolId}/donate`),
    );
    const [row] = await db
      .select({ name: poolDonations.donor_name })
      .from(poolDonations)
      .where(eq(poolDonations.id, made.id));
    expect(row!.name).toBe(CLEAN);
    expect(row!.name.normalize("NFC")).toBe(row!.name);
  });

  it("a donation to the site through the service", async () => {
    const made = await createGeneralDonation(
      {
        donor_name: DIRTY,
        phone_number: "99112244",
        amount: 5_000,
        bank_name: "Khan Bank",
        transaction_reference: "NAME-2",
      },
      getRequest("/donate"),
    );
    const [row] = await db
      .select({ name: donations.donor_name })
      .from(donations)
      .where(eq(donations.id, made.id));
    expect(row!.name).toBe(CLEAN);
  });

  it("a name that is only controls and marks is too short, not an empty name", () => {
    const result = PledgeSchema.safeParse({
      donor_name: "\u202E\r\n\u0000x",
      phone_number: "99112233",
      amount: 5_000,
      transaction_reference: "NAME-3",
    });
    expect(result.success).toBe(false);
    expect(result.error?.flatten().fieldErrors.donor_name).toEqual(["donate:validation.nameMin"]);
  });

  it("every other single-line name and title: pools, stories, pages, what money was spent on", () => {
    const pool = PoolSchema.parse({
      name: `Аян ${DIRTY}`,
      description: "Олон мөр\r\nбайж болно.",
      goal_amount: 10_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: DIRTY,
    });
    expect(pool.name).toBe(`Аян ${CLEAN}`);
    expect(pool.account_name).toBe(CLEAN);
    // A description is many lines: it keeps them.
    expect(pool.description).toBe("Олон мөр\r\nбайж болно.");
    const story = StoryStep1Schema.parse({
      title: `Гарчиг ${DIRTY}`,
      story: "x".repeat(200),
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: DIRTY,
    });
    expect(story.title).toBe(`Гарчиг ${CLEAN}`);
    expect(story.account_name).toBe(CLEAN);
    const page = LegalPageSchema.parse({ title: `Нууцлал ${DIRTY}`, body: "y".repeat(60) });
    expect(page.title).toBe(`Нууцлал ${CLEAN}`);
    const update = PoolUpdateSchema.parse({
      body_mn: "Тайлан, олон мөр.\n\nХоёр дахь догол мөр.",
      spent_amount: "500",
      spent_on_mn: `=1+1\r\n${DIRTY}`,
      spent_on_en: DIRTY,
    });
    expect(update.spent_on_mn).toBe(`=1+1 ${CLEAN}`);
    expect(update.spent_on_en).toBe(CLEAN);
    expect(update.body_mn).toContain("\n\n");
  });
});

describe("names stored before the rule are cleaned where they are read", () => {
  it("the donor's mail: greeting, campaign and account holder in the text and the subject", async () => {
    const [old] = await db
      .insert(poolDonations)
      .values({
        pool_id: poolId,
        donor_name: STORED,
        phone_number: "99000001",
        amount: 2_000,
        transaction_reference: "OLD-1",
        payment_code: "X900001",
        status_token: "single-line-old-1",
      })
      .returning({ id: poolDonations.id });
    const rendered = await renderMessage({
      id: 1,
      kind: "pledge.received",
      channel: "email",
      recipient: "donor@example.test",
      language: "mn",
      params: JSON.stringify({ id: old!.id }),
    } as Parameters<typeof renderMessage>[0]);
    expect(rendered).not.toBeNull();
    expect(rendered!.text).toContain(CLEAN);
    expect(rendered!.text).toContain("Нэрийн шалгалт");
    expect(rendered!.text).toContain("Сан Bcc: x");
    // Line breaks are the mail's own: none comes from a name.
    expect(rendered!.text).not.toMatch(/\r/);
    expect(rendered!.text).not.toContain("Сан\nBcc");
    expect(hasUnsafe(`${rendered!.subject}${rendered!.text}${rendered!.html}`, true)).toBe(false);
  });

  it("the receipt (its page and its PDF draw the same lines)", () => {
    const receipt: DonorReceipt = {
      number: "2026-000001",
      kind: "pool",
      pool_id: poolId,
      pool_name: `Аян\r\n${DIRTY}`,
      donor_name: DIRTY,
      amount: 2_000,
      payment_code: "X900001",
      pledged_at: "2026-12-01T04:00:00.000Z",
      booked_on: null,
      qpay_paid_at: null,
      confirmed_at: "2026-12-01T05:00:00.000Z",
      issued_at: "2026-12-01T05:00:00.000Z",
      recipient: { bank_name: "Khan Bank", bank_account: "5000123456", account_name: DIRTY },
    };
    const view = receiptView(receipt, "mn", "https://storyshare.test", "—");
    expect(view.donor_name).toBe(CLEAN);
    expect(view.campaign).toBe(`Аян ${CLEAN}`);
    expect(view.recipient.account_name).toBe(CLEAN);
    for (const line of receiptLines(view)) expect(hasUnsafe(line.value)).toBe(false);
  });

  it("an inbox entry (and its mail) names the story by a clean title", () => {
    const t = (key: string, options?: Record<string, unknown>) =>
      `${key}:${String(options?.title ?? "")}`;
    const { text } = inboxText(
      t,
      { kind: "story.approved", params: { story_id: 1, title: `Түүх\r\n${DIRTY}` } },
      "mn",
    );
    expect(text).toBe(`messages:inbox.kinds.approved:Түүх ${CLEAN}`);
  });
});
