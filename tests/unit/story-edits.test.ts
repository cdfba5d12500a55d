import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, comments, notifications, reports, stories, storyEdits } from "#db/schema";
import { adminQueueCounts } from "~/models/admin-dashboard.server";
import { addComment, editComment, listComments } from "~/models/comments.server";
import { approveStory, verifyStoryPayment } from "~/models/moderation.server";
import { updateModerationSettings } from "~/models/settings-admin.server";
import { getStoryForReader } from "~/models/stories.server";
import {
  approveStoryEdit,
  editOwnStory,
  listStoryEdits,
  rejectStoryEdit,
  withdrawStoryEdit,
} from "~/models/story-edit.server";
import { createStory, listOwnStories } from "~/models/story-submission.server";
import { createUser, type User } from "~/models/users.server";
import { jsonRequest, routeArgs, signInAs } from "./helpers";
import { establishedReader, from } from "./report-readers";

/** Issue 18, items 1 and 2: an author edits their own stories and, for 15 minutes, comments. */
let admin: User;
let stranger: User;
const base = {
  title: "Засах түүх",
  story: "Хангалттай урт түүхийн бие энд байна, дараа нь засагдана.",
  bank_name: "TDB",
  bank_account: "4001002003",
};
const edited = { ...base, title: "Зассан гарчиг", story: `${base.story} Шинэ өгүүлбэр нэмэв.` };

let authors = 0;
async function newAuthor() {
  return createUser(`edit_author_${++authors}`, "secret-pass");
}
const row = async (id: number) => (await db.select().from(stories).where(eq(stories.id, id)))[0]!;
const waiting = async (id: number) =>
  (await db.select().from(storyEdits).where(eq(storyEdits.story_id, id)))[0];
const inbox = async (user: User, kind: string) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, user.id), eq(notifications.kind, kind)));
const setReview = (on: boolean) => updateModerationSettings(admin, on);

async function featuredStory(author: User) {
  const story = await createStory(author, {
    ...base,
    pricing_tier: "weekly",
    payment_reference: "712345",
  });
  await verifyStoryPayment(story.id, admin);
  await approveStory(story.id, admin);
  return row(story.id);
}

beforeAll(async () => {
  admin = await createUser("edit_admin", "secret-pass", "admin");
  stranger = await createUser("edit_stranger", "secret-pass");
});

describe("editing one's own story", () => {
  it("a story waiting for review is simply updated, and the change is audited", async () => {
    await setReview(true);
    const author = await newAuthor();
    const story = await createStory(author, { ...base, pricing_tier: "free" });
    expect(story.status).toBe("pending");
    const result = await editOwnStory(author, story.id, edited, null);
    expect(result.outcome).toBe("updated");
    const saved = await row(story.id);
    expect(saved).toMatchObject({ title: edited.title, story: edited.story, status: "pending" });
    expect(await waiting(story.id)).toBeUndefined();
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(story.id)), eq(auditLog.action, "story.edit")));
    expect(audit).toHaveLength(1);
  });

  it("a published free story without review is changed at once", async () => {
    await setReview(false);
    const author = await newAuthor();
    const story = await createStory(author, { ...base, pricing_tier: "free" });
    expect(story.status).toBe("approved");
    expect((await editOwnStory(author, story.id, edited, null)).outcome).toBe("published");
    const read = await getStoryForReader(story.id, null);
    expect(read?.title).toBe(edited.title);
  });

  it("with review on, readers keep the published version until an administrator takes the edit", async () => {
    await setReview(false);
    const author = await newAuthor();
    const story = await createStory(author, { ...base, pricing_tier: "free" });
    await setReview(true);
    expect((await editOwnStory(author, story.id, edited, null)).outcome).toBe("awaiting_review");
    expect((await getStoryForReader(story.id, null))?.title).toBe(base.title);
    expect((await listOwnStories(author)).find((s) => s.id === story.id)?.edit_waiting).toBe(true);
    expect((await listStoryEdits()).map((e) => e.story_id)).toContain(story.id);
    const before = (await adminQueueCounts()).stories;

    // A second edit replaces the first: one waits per story.
    const again = { ...edited, title: "Дахин зассан гарчиг" };
    await editOwnStory(author, story.id, again, null);
    expect((await waiting(story.id))?.title).toBe(again.title);
    expect((await adminQueueCounts()).stories).toBe(before);

    await approveStoryEdit(story.id, admin);
    expect((await getStoryForReader(story.id, null))?.title).toBe(again.title);
    expect(await waiting(story.id)).toBeUndefined();
    expect(await inbox(author, "story.editApproved")).toHaveLength(1);
    // Taken once: a second decision finds nothing.
    await expect(approveStoryEdit(story.id, admin)).rejects.toMatchObject({ status: 404 });
    // Sending what is published already gives an administrator nothing to review.
    await editOwnStory(author, story.id, { ...edited, title: "Түр гарчиг" }, null);
    expect(await editOwnStory(author, story.id, again, null)).toMatchObject({
      outcome: "published",
    });
    expect(await waiting(story.id)).toBeUndefined();
  });

  it("a paid story's edit always waits for review, and a featured one keeps its period", async () => {
    await setReview(false);
    const author = await newAuthor();
    const story = await featuredStory(author);
    expect(story.expires_at).not.toBeNull();
    expect((await editOwnStory(author, story.id, edited, null)).outcome).toBe("awaiting_review");
    await approveStoryEdit(story.id, admin);
    const after = await row(story.id);
    expect(after.title).toBe(edited.title);
    expect(after.expires_at).toBe(story.expires_at);
    expect(after.status).toBe("approved");
  });

  it("a turned-down edit leaves the story as published and tells the author why", async () => {
    const author = await newAuthor();
    const story = await featuredStory(author);
    await editOwnStory(author, story.id, edited, null);
    await expect(rejectStoryEdit(story.id, admin, { reason: "other" })).rejects.toMatchObject({
      status: 400,
    });
    await rejectStoryEdit(story.id, admin, { reason: "rules", note: "Гарчгийг бүү өөрчил." });
    expect((await row(story.id)).title).toBe(base.title);
    expect(await waiting(story.id)).toBeUndefined();
    const [note] = await inbox(author, "story.editRejected");
    expect(JSON.parse(note!.params)).toMatchObject({
      reason: "rules",
      note: "Гарчгийг бүү өөрчил.",
      title: base.title,
    });
  });

  it("the author can take a waiting edit back; nobody else can", async () => {
    const author = await newAuthor();
    const story = await featuredStory(author);
    await editOwnStory(author, story.id, edited, null);
    // Published, so others can read it: not theirs, 403 (decision 055).
    await expect(withdrawStoryEdit(stranger, story.id)).rejects.toMatchObject({ status: 403 });
    await withdrawStoryEdit(author, story.id);
    expect(await waiting(story.id)).toBeUndefined();
  });

  it("someone else's published story is refused as not theirs; bad fields change nothing", async () => {
    const author = await newAuthor();
    const story = await featuredStory(author);
    await expect(editOwnStory(stranger, story.id, edited, null)).rejects.toMatchObject({
      status: 403,
      message: "errors.notYourStoryEdit",
    });
    await expect(
      editOwnStory(author, story.id, { ...edited, title: "" }, null),
    ).rejects.toMatchObject({ status: 400 });
    expect(await waiting(story.id)).toBeUndefined();
  });

  it("PATCH /api/stories/{id} changes only the fields sent", async () => {
    await setReview(false);
    const author = await newAuthor();
    const story = await createStory(author, { ...base, pricing_tier: "free" });
    const cookie = await signInAs(author.username);
    const { action } = await import("~/routes/api.stories.$id");
    const res = await action(
      routeArgs(
        jsonRequest(
          `/api/stories/${story.id}`,
          { title: "Зөвхөн гарчиг" },
          { method: "PATCH", cookie },
        ),
        { id: String(story.id) },
      ),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: story.id, outcome: "published" });
    expect(await row(story.id)).toMatchObject({ title: "Зөвхөн гарчиг", story: base.story });

    const other = await signInAs(stranger.username);
    const refused = await action(
      routeArgs(
        jsonRequest(
          `/api/stories/${story.id}`,
          { title: "Хулгай" },
          { method: "PATCH", cookie: other },
        ),
        { id: String(story.id) },
      ),
    );
    expect(refused.status).toBe(403);
  });
});

describe("editing one's own comment", () => {
  it("its author may change it within 15 minutes; it then shows as edited", async () => {
    await setReview(false);
    const author = await newAuthor();
    const story = await createStory(author, { ...base, pricing_tier: "free" });
    const comment = await addComment(story.id, stranger, { content: "Анхны бодол" });
    expect(comment.edited_at).toBeNull();
    await expect(editComment(comment.id, author, { content: "Өөр хүн" })).rejects.toMatchObject({
      status: 403,
    });
    await expect(editComment(comment.id, stranger, { content: "  " })).rejects.toMatchObject({
      status: 400,
    });
    const changed = await editComment(comment.id, stranger, { content: "Зассан бодол" });
    expect(changed.content).toBe("Зассан бодол");
    expect(changed.edited_at).not.toBeNull();
    const [listed] = await listComments(story.id);
    expect(listed).toMatchObject({ content: "Зассан бодол", edited_at: changed.edited_at });

    const late = new Date(Date.parse(comment.created_at) + 15 * 60_000 + 1000);
    await expect(
      editComment(comment.id, stranger, { content: "Хэтэрхий оройтсон" }, late),
    ).rejects.toMatchObject({ status: 409, message: "errors.commentEditClosed" });
    const [kept] = await db.select().from(comments).where(eq(comments.id, comment.id));
    expect(kept!.content).toBe("Зассан бодол");
  });

  it("PATCH /api/comments/{id} answers the changed comment", async () => {
    const author = await newAuthor();
    await setReview(false);
    const story = await createStory(author, { ...base, pricing_tier: "free" });
    const comment = await addComment(story.id, author, { content: "Алдаатай бичлээ" });
    const cookie = await signInAs(author.username);
    const { action } = await import("~/routes/api.comments.$id");
    const res = await action(
      routeArgs(
        jsonRequest(
          `/api/comments/${comment.id}`,
          { content: "Зөв бичлээ" },
          { method: "PATCH", cookie },
        ),
        { id: String(comment.id) },
      ),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: comment.id, content: "Зөв бичлээ" });
  });
});

describe("a story readers' reports took back to review", () => {
  it("once edited, waits for review like any story: dismissing the reports does not publish it", async () => {
    const { reportItem } = await import("~/models/reports.server");
    const { decideReport } = await import("~/models/report-decisions.server");
    await setReview(false);
    const author = await newAuthor();
    const story = await createStory(author, { ...base, pricing_tier: "free" });
    for (const n of [1, 2, 3]) {
      // Readers whose reports count whole (decision 048).
      const reader = await establishedReader(`edit_reader_${authors}_${n}`);
      await reportItem(
        reader,
        { target_type: "story", target_id: story.id, reason: "spam" },
        from(reader),
      );
    }
    expect(await row(story.id)).toMatchObject({ status: "pending" });
    expect((await row(story.id)).held_at).not.toBeNull();

    expect((await editOwnStory(author, story.id, edited, null)).outcome).toBe("updated");
    expect((await row(story.id)).held_at).toBeNull();
    const [open] = await db.select().from(reports).where(eq(reports.target_id, story.id));
    await decideReport(open!.id, admin, { action: "dismiss" });
    expect(await row(story.id)).toMatchObject({ status: "pending", title: edited.title });
  });
});

describe("a story's image", () => {
  /** A small picture of one colour, as a data URL: each colour is a different stored image. */
  const picture = async (background: string) =>
    `data:image/png;base64,${(
      await sharp({ create: { width: 64, height: 48, channels: 3, background } })
        .png()
        .toBuffer()
    ).toString("base64")}`;

  it("is added, changed and removed through PATCH /api/stories/{id}, through review when it is on", async () => {
    await setReview(false);
    const author = await newAuthor();
    const story = await createStory(author, { ...base, pricing_tier: "free" });
    expect(story.story_image).toBeNull();
    const cookie = await signInAs(author.username);
    const { action } = await import("~/routes/api.stories.$id");
    const patch = async (body: unknown) => {
      const res = await action(
        routeArgs(jsonRequest(`/api/stories/${story.id}`, body, { method: "PATCH", cookie }), {
          id: String(story.id),
        }),
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as { outcome: string }).outcome;
    };

    expect(await patch({ story_image: await picture("#c33") })).toBe("published");
    const first = (await row(story.id)).story_image;
    expect(first).toMatch(/^[a-f0-9]{64}$/);
    expect(await patch({ story_image: await picture("#3c3") })).toBe("published");
    const second = (await row(story.id)).story_image;
    expect(second).toMatch(/^[a-f0-9]{64}$/);
    expect(second).not.toBe(first);
    // The text was not sent, so it stays.
    expect(await row(story.id)).toMatchObject({ title: base.title, story: base.story });

    // With review on, readers keep the published picture until the edit is approved.
    await setReview(true);
    expect(await patch({ story_image: await picture("#33c") })).toBe("awaiting_review");
    expect((await row(story.id)).story_image).toBe(second);
    const third = (await waiting(story.id))?.story_image;
    expect(third).toMatch(/^[a-f0-9]{64}$/);
    expect(third).not.toBe(second);
    await approveStoryEdit(story.id, admin);
    expect((await row(story.id)).story_image).toBe(third);

    await setReview(false);
    expect(await patch({ story_image: null })).toBe("published");
    expect((await row(story.id)).story_image).toBeNull();
  });
});
