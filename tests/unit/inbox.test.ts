import { beforeAll, describe, expect, it } from "vitest";
import { addComment } from "~/models/comments.server";
import { listInbox, noteFeaturedEnding, unreadCount } from "~/models/inbox.server";
import { approveStory, rejectStory, verifyStoryPayment } from "~/models/moderation.server";
import { createStory } from "~/models/story-submission.server";
import { createUser, type User } from "~/models/users.server";
import { loader as inboxApi } from "~/routes/api.notifications";
import { action as readApi } from "~/routes/api.notifications.read";
import { action as inboxAction, loader as inboxLoader } from "~/routes/notifications";
import { formRequest, getRequest, jsonRequest, routeArgs, signInAs } from "./helpers";

/**
 * Issue 17: a signed-in author's inbox holds what happened to their stories — received,
 * published, rejected, paid, its featured period ending, a new comment — written with the change.
 */

let admin: User;
let author: User;
let reader: User;
const input = {
  title: "Говийн өвөл",
  story: "Өвлийн өглөө бид говийн худгийн дэргэд цай чанасан юм. Нар мандаж байлаа.",
  bank_name: "TDB",
  bank_account: "4001002003",
};
const kinds = async (user: User) => (await listInbox(user)).items.map((i) => i.kind);

beforeAll(async () => {
  admin = await createUser("inbox_admin", "secret-pass", "admin");
  author = await createUser("inbox_author", "secret-pass");
  reader = await createUser("inbox_reader", "secret-pass");
});

describe("the author's inbox", () => {
  it("follows a paid story: received, paid, published, commented on, its period ending", async () => {
    const story = await createStory(author, {
      ...input,
      pricing_tier: "daily",
      payment_reference: "712345",
    });
    await verifyStoryPayment(story.id, admin);
    // A second verification is refused and tells no one.
    await expect(verifyStoryPayment(story.id, admin)).rejects.toThrow();
    await approveStory(story.id, admin);
    await addComment(story.id, reader, { content: "Сайхан түүх байна!" });
    // The author's own comment is not news to them.
    await addComment(story.id, author, { content: "Баярлалаа!" });
    expect(await kinds(author)).toEqual([
      "comment.new",
      "story.approved",
      "story.paymentVerified",
      "story.received",
    ]);
    // The featured period (3 days) ends within a day two days from now: told once.
    const later = Date.now() + 2.5 * 24 * 60 * 60 * 1000;
    await noteFeaturedEnding(later);
    await noteFeaturedEnding(later + 60_000);
    expect((await kinds(author)).filter((k) => k === "story.featuredEnding")).toHaveLength(1);
    expect(await unreadCount(author)).toBe(5);
    expect(await kinds(reader)).toEqual([]);
  });

  it("a rejection says so and leads to the profile", async () => {
    const story = await createStory(author, {
      ...input,
      title: "Дахин бичих түүх",
      pricing_tier: "free",
    });
    // Free stories are published at once: received says so.
    const [received] = (await listInbox(author)).items;
    expect(received).toMatchObject({ kind: "story.received", params: { status: "approved" } });
    expect(story.status).toBe("approved");
    const paid = await createStory(author, {
      ...input,
      title: "Татгалзах түүх",
      pricing_tier: "weekly",
      payment_reference: "712346",
    });
    await rejectStory(paid.id, admin, { reason: "quality" });
    const [rejected] = (await listInbox(author)).items;
    expect(rejected).toMatchObject({ kind: "story.rejected", params: { title: "Татгалзах түүх" } });
  });
});

describe("/notifications and /api/notifications", () => {
  it("lists the entries in the reader's words, and marks them read", async () => {
    const cookie = await signInAs("inbox_author");
    const page = (await inboxLoader(routeArgs(getRequest("/notifications", cookie)))) as Awaited<
      ReturnType<typeof inboxLoader>
    >;
    expect(page.inbox.unread).toBeGreaterThan(0);

    const api = await inboxApi(routeArgs(getRequest("/api/notifications?lng=en", cookie)));
    expect(api.status).toBe(200);
    expect(Number(api.headers.get("X-Unread-Count"))).toBe(page.inbox.unread);
    const items = (await api.json()) as { kind: string; text: string; link: string }[];
    expect(items.find((i) => i.kind === "comment.new")).toMatchObject({
      text: "inbox_reader commented on your story «Говийн өвөл».",
      link: expect.stringMatching(/^\/stories\/\d+$/),
    });
    expect(items.find((i) => i.kind === "story.rejected")?.text).toContain(
      "See why on your profile",
    );

    const marked = await inboxAction(routeArgs(formRequest("/notifications", {}, cookie)));
    expect((marked as Response).status).toBe(302);
    expect(await unreadCount(author)).toBe(0);
    const again = await readApi(routeArgs(jsonRequest("/api/notifications/read", {}, { cookie })));
    expect(await again.json()).toEqual({ marked: 0 });
  });

  it("is for signed-in people only", async () => {
    const res = await inboxApi(routeArgs(getRequest("/api/notifications")));
    expect(res.status).toBe(401);
    const page = await inboxLoader(routeArgs(getRequest("/notifications"))).catch((e) => e);
    expect((page as Response).status).toBe(302);
  });
});
