import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, stories } from "#db/schema";
import { adminQueueCounts } from "~/models/admin-dashboard.server";
import { listPayments, paymentCounters } from "~/models/admin-stories.server";
import {
  approveStory,
  markPaymentReturned,
  rejectStory,
  verifyStoryPayment,
} from "~/models/moderation.server";
import { createStory, listOwnStories, resubmitStory } from "~/models/story-submission.server";
import { createUser, type User } from "~/models/users.server";

/** Issue 16: a rejected story says why, its money has a path back, and it can be sent again. */
let admin: User;
let author: User;
let stranger: User;
const input = {
  title: "Татгалзах түүх",
  story: "Хангалттай урт түүхийн бие энд байна, дахин засагдана.",
  bank_name: "TDB",
  bank_account: "4001002003",
};

beforeAll(async () => {
  admin = await createUser("rej_admin", "secret-pass", "admin");
  stranger = await createUser("rej_stranger", "secret-pass");
});

// Each story by a new author: one author may send ten stories an hour.
let authors = 0;
const paidStory = async () => {
  author = await createUser(`rej_author_${++authors}`, "secret-pass");
  return createStory(author, { ...input, pricing_tier: "daily", payment_reference: "812345" });
};
const row = async (id: number) => (await db.select().from(stories).where(eq(stories.id, id)))[0]!;
const own = async (id: number) => (await listOwnStories(author)).find((s) => s.id === id)!;
const inList = async (filter: "pending" | "verified" | "refund" | "all", id: number) =>
  (await listPayments(filter, 1, 500)).items.some((s) => s.id === id);

describe("rejecting with a reason", () => {
  it("keeps the reason and the note, shows them to the author, and audits them", async () => {
    const story = await paidStory();
    await rejectStory(story.id, admin, { reason: "quality", note: "  Төгсгөлийг нь бичээрэй.  " });
    const saved = await own(story.id);
    expect(saved.state).toBe("rejected");
    expect(saved.rejection_reason).toBe("quality");
    expect(saved.rejection_note).toBe("Төгсгөлийг нь бичээрэй.");
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(story.id)), eq(auditLog.action, "story.reject")));
    expect(JSON.parse(audit!.details!)).toMatchObject({ reason: "quality" });
  });

  it("the spec's call without a body still rejects, with no reason", async () => {
    const story = await paidStory();
    await rejectStory(story.id, admin);
    expect((await row(story.id)).rejection_reason).toBeNull();
  });

  it("refuses an unknown reason, «other» without a note and a note over 500 characters", async () => {
    const story = await paidStory();
    await expect(rejectStory(story.id, admin, { reason: "boring" })).rejects.toMatchObject({
      status: 400,
    });
    await expect(rejectStory(story.id, admin, { reason: "other" })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { note: ["admin:validation.rejectionNoteRequired"] },
    });
    await expect(
      rejectStory(story.id, admin, { reason: "rules", note: "я".repeat(501) }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await row(story.id)).status).toBe("pending");
  });
});

describe("the payments queue after a rejection", () => {
  it("an unpaid rejected story leaves «pending», and the badge counts what the list holds", async () => {
    const story = await paidStory();
    expect(await inList("pending", story.id)).toBe(true);
    await rejectStory(story.id, admin, { reason: "payment" });
    expect(await inList("pending", story.id)).toBe(false);
    expect(await inList("all", story.id)).toBe(true);
    const [counters, queue, pending] = await Promise.all([
      paymentCounters(),
      adminQueueCounts(),
      listPayments("pending", 1, 500),
    ]);
    expect(counters.pending).toBe(pending.total);
    expect(queue.payments).toBe(pending.total);
  });

  it("received money of a rejected story is to return until it is marked returned, once", async () => {
    const story = await paidStory();
    await verifyStoryPayment(story.id, admin);
    await rejectStory(story.id, admin, { reason: "rules" });
    expect(await inList("refund", story.id)).toBe(true);
    expect(await inList("verified", story.id)).toBe(false);
    const before = (await paymentCounters()).refund;
    await markPaymentReturned(story.id, admin);
    await expect(markPaymentReturned(story.id, admin)).rejects.toMatchObject({ status: 409 });
    expect(await inList("refund", story.id)).toBe(false);
    expect((await paymentCounters()).refund).toBe(before - 1);
    expect((await own(story.id)).refunded_at).not.toBeNull();
  });

  it("nothing is returned for money never received, nor for a story not rejected", async () => {
    const unpaid = await paidStory();
    await rejectStory(unpaid.id, admin);
    await expect(markPaymentReturned(unpaid.id, admin)).rejects.toMatchObject({ status: 409 });
    const live = await paidStory();
    await verifyStoryPayment(live.id, admin);
    await expect(markPaymentReturned(live.id, admin)).rejects.toMatchObject({ status: 409 });
  });
});

describe("editing a rejected story and sending it again", () => {
  const edited = { ...input, title: "Засварласан гарчиг", bank_account: "5005005005" };

  it("goes back to review with the new text; a held payment stays, so it can be approved", async () => {
    const story = await paidStory();
    await verifyStoryPayment(story.id, admin);
    await rejectStory(story.id, admin, { reason: "quality", note: "Богино байна." });
    const result = await resubmitStory(author, story.id, edited, null);
    expect(result).toMatchObject({ status: "pending", pay_again: false });
    const saved = await row(story.id);
    expect(saved).toMatchObject({
      title: "Засварласан гарчиг",
      bank_account: "5005005005",
      status: "pending",
      payment_status: "verified",
      rejection_reason: null,
      rejection_note: null,
    });
    expect(await inList("refund", story.id)).toBe(false);
    await approveStory(story.id, admin);
    expect((await own(story.id)).state).toBe("featured");
  });

  it("after the money went back, the plan is owed again under a new payment code", async () => {
    const story = await paidStory();
    await verifyStoryPayment(story.id, admin);
    await rejectStory(story.id, admin, { reason: "rules" });
    await markPaymentReturned(story.id, admin);
    const result = await resubmitStory(author, story.id, edited, null);
    expect(result.pay_again).toBe(true);
    const saved = await row(story.id);
    expect(saved.payment_status).toBe("pending");
    expect(saved.refunded_at).toBeNull();
    expect(saved.payment_reference).toMatch(/^\d{6}$/);
    expect((await own(story.id)).state).toBe("pending_payment");
  });

  it("a free story sent again waits for a person, not the automatic approval", async () => {
    author = await createUser("rej_free_author", "secret-pass");
    const story = await createStory(author, { ...input, pricing_tier: "free" });
    expect(story.status).toBe("approved");
    await db.update(stories).set({ status: "pending" }).where(eq(stories.id, story.id));
    await rejectStory(story.id, admin, { reason: "spam" });
    await resubmitStory(author, story.id, edited, null);
    expect((await row(story.id)).status).toBe("pending");
  });

  it("refuses another person's story (404), a story not rejected (409) and invalid text (400)", async () => {
    const story = await paidStory();
    await expect(resubmitStory(stranger, story.id, edited, null)).rejects.toMatchObject({
      status: 404,
    });
    await expect(resubmitStory(author, story.id, edited, null)).rejects.toMatchObject({
      status: 409,
    });
    await rejectStory(story.id, admin);
    await expect(
      resubmitStory(author, story.id, { ...edited, title: "a" }, null),
    ).rejects.toMatchObject({ status: 400 });
    expect((await row(story.id)).status).toBe("rejected");
  });
});
