import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, comments, stories } from "#db/schema";
import type { HttpError } from "~/http/http.server";
import {
  approveStory,
  deleteStory,
  rejectStory,
  verifyStoryPayment,
} from "~/models/moderation.server";
import { listFeaturedStories, listRegularStories } from "~/models/stories.server";
import { createStory, listOwnStories } from "~/models/story-submission.server";
import { createUser, type User } from "~/models/users.server";

let admin: User;
let author: User;
const input = {
  title: "Шинэ түүх",
  story: "Хангалттай урт түүхийн бие энд байна.",
  bank_name: "TDB",
  bank_account: "4001002003",
};

beforeAll(async () => {
  admin = await createUser("mod_admin", "secret-pass", "admin");
  author = await createUser("mod_author", "secret-pass");
});

const paidStory = () =>
  createStory(author, { ...input, pricing_tier: "weekly", payment_reference: "700700" });
const audits = async (id: number, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity_id, String(id)), eq(auditLog.action, action)));

describe("story moderation (spec 02 §4)", () => {
  it("a paid story cannot be approved while its payment is pending (409)", async () => {
    const story = await paidStory();
    await expect(approveStory(story.id, admin)).rejects.toMatchObject({
      status: 409,
      message: "admin:errors.paymentPending",
    });
  });

  it("verify payment, then approve: featured for the tier's days, then regular", async () => {
    const story = await paidStory();
    await verifyStoryPayment(story.id, admin);
    await expect(verifyStoryPayment(story.id, admin)).rejects.toMatchObject({ status: 409 });
    const now = new Date();
    const approved = await approveStory(story.id, admin, now);
    expect(Date.parse(approved.expires_at!) - now.getTime()).toBe(7 * 86_400_000);
    expect((await listFeaturedStories({ pageSize: 50 })).items.map((s) => s.id)).toContain(
      story.id,
    );
    const later = new Date(now.getTime() + 8 * 86_400_000);
    expect(
      (await listFeaturedStories({ pageSize: 50, now: later })).items.map((s) => s.id),
    ).not.toContain(story.id);
    expect(
      (await listRegularStories({ pageSize: 50, now: later })).items.map((s) => s.id),
    ).toContain(story.id);
    expect(await audits(story.id, "story.verify_payment")).toHaveLength(1);
    expect(await audits(story.id, "story.approve")).toHaveLength(1);
    expect((await listOwnStories(author)).find((s) => s.id === story.id)?.state).toBe("featured");
  });

  it("five simultaneous approvals approve once and audit once", async () => {
    const story = await paidStory();
    await verifyStoryPayment(story.id, admin);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => approveStory(story.id, admin)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect((r.reason as HttpError).status).toBe(409);
    expect(await audits(story.id, "story.approve")).toHaveLength(1);
  });

  it("reject keeps the story, out of every list, visible to its author as rejected", async () => {
    const story = await paidStory();
    await rejectStory(story.id, admin);
    await expect(rejectStory(story.id, admin)).rejects.toMatchObject({ status: 409 });
    await expect(approveStory(story.id, admin)).rejects.toMatchObject({ status: 409 });
    const [row] = await db.select().from(stories).where(eq(stories.id, story.id));
    expect(row?.status).toBe("rejected");
    expect((await listRegularStories({ pageSize: 100 })).items.map((s) => s.id)).not.toContain(
      story.id,
    );
    expect((await listOwnStories(author)).find((s) => s.id === story.id)?.state).toBe("rejected");
  });

  it("free stories have no payment to verify", async () => {
    const story = await createStory(author, { ...input, pricing_tier: "free" });
    await expect(verifyStoryPayment(story.id, admin)).rejects.toMatchObject({ status: 409 });
  });

  it("delete removes the story with its comments and keeps an audit row", async () => {
    const story = await createStory(author, { ...input, pricing_tier: "free" });
    await db.insert(comments).values({ story_id: story.id, author: "x", content: "hi" });
    await deleteStory(story.id, admin);
    expect(await db.select().from(stories).where(eq(stories.id, story.id))).toEqual([]);
    expect(await db.select().from(comments).where(eq(comments.story_id, story.id))).toEqual([]);
    const [audit] = await audits(story.id, "story.delete");
    expect(JSON.parse(audit!.details!)).toMatchObject({ title: input.title });
    await expect(deleteStory(story.id, admin)).rejects.toMatchObject({ status: 404 });
  });
});
