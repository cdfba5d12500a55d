import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, comments, notifications, reports, stories, users } from "#db/schema";
import { REPORTS_PER_HOUR } from "~/constants";
import { adminQueueCounts } from "~/models/admin-dashboard.server";
import { addComment, listComments } from "~/models/comments.server";
import { approveStory, rejectStory } from "~/models/moderation.server";
import { decideReport } from "~/models/report-decisions.server";
import { listReportedItems } from "~/models/reported-items.server";
import { reportItem } from "~/models/reports.server";
import { getStoryForReader, setHeart } from "~/models/stories.server";
import { createStory, listOwnStories, resubmitStory } from "~/models/story-submission.server";
import {
  liftSuspension,
  refuseSuspended,
  SUSPENDED_FOR_GOOD,
  suspendedUntil,
} from "~/models/suspension.server";
import { createUser, type User } from "~/models/users.server";
import { loader as approvalsLoader } from "~/routes/admin.approvals";
import { action as adminReportsAction, loader as adminReportsLoader } from "~/routes/admin.reports";
import { action as reportsApi, loader as reportsList } from "~/routes/api.reports";
import { action as reportApi } from "~/routes/api.reports.$id";
import { loader as profileLoader } from "~/routes/profile";
import { loader as reportPage, action as reportScreen } from "~/routes/report";
import { loader as storyPage } from "~/routes/stories.$id";
import { formRequest, getRequest, jsonRequest, routeArgs, signInAs } from "./helpers";
import { establishedReader, from } from "./report-readers";

/**
 * Issue 18 item 7 (decision 030): reports, three strikes, the administrators' decisions,
 * suspension. Who counts toward the strikes is decision 048's (tests/unit/report-trust.test.ts).
 */

let admin: User;
let author: User;
const readers: User[] = [];
let n = 0;

const storyInput = {
  title: "Гомдлын түүх",
  story: "Хангалттай урт түүхийн бие энд байна, уншигчид үүнийг уншина.",
  bank_name: "TDB",
  bank_account: "4001002003",
  pricing_tier: "free",
};

beforeAll(async () => {
  admin = await createUser("rep_admin", "secret-pass", "admin");
  author = await createUser("rep_author", "secret-pass");
  // Readers whose reports count whole, each from a browser and an address of their own (decision 048).
  for (let i = 0; i < 4; i++) readers.push(await establishedReader(`rep_reader_${i}`));
});

/** A published free story by a new author (one author may send ten stories an hour). */
async function publishedStory(by?: User) {
  const who = by ?? (await createUser(`rep_writer_${++n}`, "secret-pass"));
  const story = await createStory(who, storyInput);
  expect(story.status).toBe("approved");
  return { story, who };
}

/** A comment on a story, written straight into the table (comments are limited per minute). */
async function commentBy(user: User, storyId: number, content = "Муу үгтэй сэтгэгдэл") {
  const [row] = await db
    .insert(comments)
    .values({ story_id: storyId, user_id: user.id, author: user.username, content })
    .returning();
  await db
    .update(stories)
    .set({ comments_count: (await listComments(storyId)).length })
    .where(eq(stories.id, storyId));
  return row!;
}

const storyRow = async (id: number) =>
  (await db.select().from(stories).where(eq(stories.id, id)))[0]!;
const commentRow = async (id: number) =>
  (await db.select().from(comments).where(eq(comments.id, id)))[0];
const reportsOf = (type: "story" | "comment", id: number) =>
  db
    .select()
    .from(reports)
    .where(and(eq(reports.target_type, type), eq(reports.target_id, id)));
const inbox = async (user: User, kind: string) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, user.id), eq(notifications.kind, kind)));
const audits = (action: string, id: string | number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entity_id, String(id))));

const spam = { reason: "spam" };

describe("reporting", () => {
  it("records a report of a comment, once per reader: a second one is a 409 that changes nothing", async () => {
    const { story } = await publishedStory();
    const comment = await commentBy(author, story.id);
    const first = await reportItem(
      readers[0]!,
      {
        target_type: "comment",
        target_id: comment.id,
        reason: "harassment",
        note: "  Доромжилж байна  ",
      },
      from(readers[0]!),
    );
    expect(first).toMatchObject({ target_type: "comment", reason: "harassment" });
    await expect(
      reportItem(
        readers[0]!,
        { target_type: "comment", target_id: comment.id, ...spam },
        from(readers[0]!),
      ),
    ).rejects.toMatchObject({ status: 409, message: "reports.errors.already" });
    const rows = await reportsOf("comment", comment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reason: "harassment",
      note: "Доромжилж байна",
      target_user_id: author.id,
      status: "open",
    });
  });

  it("refuses one's own item, an item the reader cannot see, and «other» without a note", async () => {
    const { story, who } = await publishedStory();
    await expect(
      reportItem(who, { target_type: "story", target_id: story.id, ...spam }, from(who)),
    ).rejects.toMatchObject({ status: 403, message: "reports.errors.ownItem" });
    await expect(
      reportItem(
        readers[0]!,
        { target_type: "story", target_id: 999_999, ...spam },
        from(readers[0]!),
      ),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      reportItem(
        readers[0]!,
        { target_type: "story", target_id: story.id, reason: "other" },
        from(readers[0]!),
      ),
    ).rejects.toMatchObject({
      status: 400,
      fieldErrors: { note: ["reports.validation.noteRequired"] },
    });
    await expect(
      reportItem(
        readers[0]!,
        {
          target_type: "story",
          target_id: story.id,
          reason: "spam",
          note: "я".repeat(501),
        },
        from(readers[0]!),
      ),
    ).rejects.toMatchObject({ status: 400 });
    expect(await reportsOf("story", story.id)).toHaveLength(0);
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour per account, then 429 with Retry-After`, async () => {
    const reader = await createUser("rep_busy_reader", "secret-pass");
    const { story } = await publishedStory();
    const list = [];
    for (let i = 0; i <= REPORTS_PER_HOUR; i++) list.push(await commentBy(author, story.id));
    for (const c of list.slice(0, REPORTS_PER_HOUR))
      await reportItem(reader, { target_type: "comment", target_id: c.id, ...spam }, from(reader));
    const refused = await reportItem(
      reader,
      {
        target_type: "comment",
        target_id: list.at(-1)!.id,
        ...spam,
      },
      from(reader),
    ).catch((e) => e);
    expect(refused).toMatchObject({ status: 429, message: "reports.errors.tooMany" });
    expect(Number(new Headers(refused.headers).get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("three strikes", () => {
  it("hides a comment reported by three different readers: gone from the story and its count, author told", async () => {
    const { story } = await publishedStory();
    const comment = await commentBy(author, story.id);
    for (const reader of readers.slice(0, 2))
      await reportItem(
        reader,
        { target_type: "comment", target_id: comment.id, ...spam },
        from(reader),
      );
    expect((await commentRow(comment.id))!.hidden_at).toBeNull();
    expect((await storyRow(story.id)).comments_count).toBe(1);
    await reportItem(
      readers[2]!,
      { target_type: "comment", target_id: comment.id, ...spam },
      from(readers[2]!),
    );
    expect((await commentRow(comment.id))!.hidden_at).not.toBeNull();
    expect(await listComments(story.id)).toHaveLength(0);
    expect((await storyRow(story.id)).comments_count).toBe(0);
    expect(await inbox(author, "comment.hidden")).toHaveLength(1);
    expect(await audits("comment.hide", comment.id)).toHaveLength(1);
    // A hidden comment cannot be reported any more.
    await expect(
      reportItem(
        readers[3]!,
        { target_type: "comment", target_id: comment.id, ...spam },
        from(readers[3]!),
      ),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("takes a story reported by three readers back to review; its author sees it held", async () => {
    const { story, who } = await publishedStory();
    for (const reader of readers.slice(0, 3))
      await reportItem(
        reader,
        { target_type: "story", target_id: story.id, ...spam },
        from(reader),
      );
    const row = await storyRow(story.id);
    expect(row.status).toBe("pending");
    expect(row.held_at).not.toBeNull();
    expect(await getStoryForReader(story.id, readers[3]!)).toBeNull();
    expect((await listOwnStories(who)).find((s) => s.id === story.id)?.state).toBe("held");
    expect(await inbox(who, "story.held")).toHaveLength(1);
    expect((await adminQueueCounts()).reports).toBeGreaterThan(0);
    // In the approvals queue it says why it is there.
    const queue = await approvalsLoader(
      routeArgs(getRequest("/admin/approvals", await signInAs("rep_admin"))),
    );
    expect(queue.stories.find((s) => s.id === story.id)?.held).toBe(true);
  });
});

describe("the administrators' decisions", () => {
  async function reportedComment(times = 1) {
    const { story } = await publishedStory();
    const comment = await commentBy(author, story.id);
    let first = 0;
    for (const reader of readers.slice(0, times)) {
      const r = await reportItem(
        reader,
        {
          target_type: "comment",
          target_id: comment.id,
          ...spam,
        },
        from(reader),
      );
      first ||= r.id;
    }
    return { story, comment, reportId: first };
  }

  it("lists items with open reports, the most reported first, with their reports", async () => {
    const once = await reportedComment(1);
    const twice = await reportedComment(2);
    const { items } = await listReportedItems(1, 50);
    const ids = items.map((i) => i.target_id);
    expect(ids.indexOf(twice.comment.id)).toBeLessThan(ids.indexOf(once.comment.id));
    const item = items.find((i) => i.target_id === twice.comment.id)!;
    expect(item).toMatchObject({
      target_type: "comment",
      open_reports: 2,
      report_id: twice.reportId,
      state: "published",
      story_id: twice.story.id,
      author: { username: author.username },
    });
    expect(item.reports.map((r) => r.reporter)).toEqual([
      readers[0]!.username,
      readers[1]!.username,
    ]);
  });

  it("hide: the comment is kept but hidden, every report resolved, audited, the author told; twice is a 409", async () => {
    const { story, comment, reportId } = await reportedComment(2);
    const before = (await inbox(author, "comment.hidden")).length;
    await decideReport(reportId, admin, { action: "hide" });
    expect((await commentRow(comment.id))!.hidden_at).not.toBeNull();
    expect((await storyRow(story.id)).comments_count).toBe(0);
    const rows = await reportsOf("comment", comment.id);
    expect(rows.every((r) => r.status === "resolved" && r.outcome === "hidden")).toBe(true);
    expect(rows[0]!.resolved_by).toBe(admin.id);
    expect(await audits("report.hide", comment.id)).toHaveLength(1);
    expect(await inbox(author, "comment.hidden")).toHaveLength(before + 1);
    await expect(decideReport(reportId, admin, { action: "hide" })).rejects.toMatchObject({
      status: 409,
    });
  });

  it("delete: the comment is gone and the story's count follows", async () => {
    const { story, comment, reportId } = await reportedComment();
    await decideReport(reportId, admin, { action: "delete" });
    expect(await commentRow(comment.id)).toBeUndefined();
    expect((await storyRow(story.id)).comments_count).toBe(0);
    expect((await reportsOf("comment", comment.id))[0]!.outcome).toBe("deleted");
    expect(await audits("report.delete", comment.id)).toHaveLength(1);
  });

  it("dismiss: a comment three strikes hid is shown again and counted", async () => {
    const { story, comment, reportId } = await reportedComment(3);
    expect((await storyRow(story.id)).comments_count).toBe(0);
    await decideReport(reportId, admin, { action: "dismiss" });
    expect((await commentRow(comment.id))!.hidden_at).toBeNull();
    expect((await storyRow(story.id)).comments_count).toBe(1);
    expect(await listComments(story.id)).toHaveLength(1);
    expect(await audits("report.dismiss", comment.id)).toHaveLength(1);
  });

  it("dismiss: a held story is published again as it was (approval time kept)", async () => {
    const { story } = await publishedStory();
    const approvedAt = (await storyRow(story.id)).approved_at;
    let reportId = 0;
    for (const reader of readers.slice(0, 3)) {
      const r = await reportItem(
        reader,
        { target_type: "story", target_id: story.id, ...spam },
        from(reader),
      );
      reportId ||= r.id;
    }
    expect((await storyRow(story.id)).status).toBe("pending");
    await decideReport(reportId, admin, { action: "dismiss" });
    const row = await storyRow(story.id);
    expect(row).toMatchObject({ status: "approved", held_at: null, approved_at: approvedAt });
  });

  it("approving a held story from the queue also keeps its approval time", async () => {
    const { story } = await publishedStory();
    const approvedAt = (await storyRow(story.id)).approved_at;
    for (const reader of readers.slice(0, 3))
      await reportItem(
        reader,
        { target_type: "story", target_id: story.id, ...spam },
        from(reader),
      );
    await approveStory(story.id, admin, new Date(Date.now() + 60_000));
    expect(await storyRow(story.id)).toMatchObject({
      status: "approved",
      held_at: null,
      approved_at: approvedAt,
    });
  });

  it("rejecting a held story from the queue ends the hold; sent again, it is reviewed anew", async () => {
    const { story, who } = await publishedStory();
    for (const reader of readers.slice(0, 3))
      await reportItem(
        reader,
        { target_type: "story", target_id: story.id, ...spam },
        from(reader),
      );
    await rejectStory(story.id, admin, { reason: "reported" });
    expect(await storyRow(story.id)).toMatchObject({ status: "rejected", held_at: null });
    await resubmitStory(who, story.id, storyInput, null);
    expect((await listOwnStories(who)).find((s) => s.id === story.id)?.state).toBe(
      "pending_review",
    );
  });

  it("hide a story: rejected as reported, the author told and free to edit and send it again", async () => {
    const { story, who } = await publishedStory();
    const r = await reportItem(
      readers[0]!,
      { target_type: "story", target_id: story.id, ...spam },
      from(readers[0]!),
    );
    await decideReport(r.id, admin, { action: "hide" });
    expect(await storyRow(story.id)).toMatchObject({
      status: "rejected",
      rejection_reason: "reported",
    });
    expect(await inbox(who, "story.hidden")).toHaveLength(1);
    await resubmitStory(who, story.id, storyInput, null);
    expect((await storyRow(story.id)).status).toBe("pending");
  });

  it("delete a story: its comments' open reports are settled too", async () => {
    const { story } = await publishedStory();
    const comment = await commentBy(author, story.id);
    const onComment = await reportItem(
      readers[1]!,
      {
        target_type: "comment",
        target_id: comment.id,
        ...spam,
      },
      from(readers[1]!),
    );
    const r = await reportItem(
      readers[0]!,
      { target_type: "story", target_id: story.id, ...spam },
      from(readers[0]!),
    );
    await decideReport(r.id, admin, { action: "delete" });
    expect(await db.select().from(stories).where(eq(stories.id, story.id))).toHaveLength(0);
    const [settled] = await db.select().from(reports).where(eq(reports.id, onComment.id));
    expect(settled).toMatchObject({ status: "resolved", outcome: "deleted" });
  });

  it("suspend: the author for 7 days with the item hidden, audited, told; bad days are a 400", async () => {
    const offender = await createUser("rep_offender", "secret-pass");
    const { story } = await publishedStory();
    const comment = await commentBy(offender, story.id);
    const r = await reportItem(
      readers[0]!,
      {
        target_type: "comment",
        target_id: comment.id,
        ...spam,
      },
      from(readers[0]!),
    );
    await expect(
      decideReport(r.id, admin, { action: "suspend", suspend_days: 3 }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(decideReport(r.id, admin, { action: "suspend" })).rejects.toMatchObject({
      status: 400,
    });
    const now = Date.now();
    await decideReport(r.id, admin, { action: "suspend", suspend_days: 7, hide: true });
    const until = await suspendedUntil(offender.id);
    expect(new Date(until!).getTime() - now).toBeGreaterThan(6.9 * 86_400_000);
    expect((await commentRow(comment.id))!.hidden_at).not.toBeNull();
    expect(await audits("user.suspend", offender.id)).toHaveLength(1);
    expect(await inbox(offender, "account.suspended")).toHaveLength(1);
    expect((await reportsOf("comment", comment.id))[0]!.outcome).toBe("suspended");
  });
});

describe("a suspended account", () => {
  it("reads, but cannot post, send again, comment, heart or report; a past suspension has ended", async () => {
    const { story } = await publishedStory();
    const mine = await createStory(await createUser("rep_susp_story", "secret-pass"), storyInput);
    const user = await createUser("rep_suspended", "secret-pass");
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await db.update(users).set({ suspended_until: later }).where(eq(users.id, user.id));
    const refused = {
      status: 403,
      message: expect.stringMatching(/^reports\.errors\.suspended\|/),
    };
    await expect(addComment(story.id, user, { content: "Сайн" })).rejects.toMatchObject(refused);
    await expect(setHeart(story.id, user, true)).rejects.toMatchObject(refused);
    await expect(createStory(user, storyInput)).rejects.toMatchObject(refused);
    await expect(resubmitStory(user, mine.id, storyInput, null)).rejects.toMatchObject(refused);
    await expect(
      reportItem(user, { target_type: "story", target_id: story.id, ...spam }, from(user)),
    ).rejects.toMatchObject(refused);
    expect(await getStoryForReader(story.id, user)).not.toBeNull();

    await db
      .update(users)
      .set({ suspended_until: SUSPENDED_FOR_GOOD })
      .where(eq(users.id, user.id));
    await expect(refuseSuspended(user)).rejects.toMatchObject({
      message: "reports.errors.suspendedForGood",
    });

    const past = new Date(Date.now() - 1000).toISOString();
    await db.update(users).set({ suspended_until: past }).where(eq(users.id, user.id));
    await expect(addComment(story.id, user, { content: "Сайн" })).resolves.toBeTruthy();
  });

  it("is told so in words by the /api and on /profile, with the end of the suspension", async () => {
    const user = await createUser("rep_told", "secret-pass");
    const { story } = await publishedStory();
    await db
      .update(users)
      .set({ suspended_until: "2099-01-02T03:04:00.000Z" })
      .where(eq(users.id, user.id));
    const cookie = await signInAs("rep_told");
    const body = { target_type: "story", target_id: story.id, reason: "spam" };
    const res = await reportsApi(routeArgs(jsonRequest("/api/reports?lng=en", body, { cookie })));
    expect(res.status).toBe(403);
    // 03:04 UTC is 11:04 in Ulaanbaatar.
    expect((await res.json()).error).toContain("suspended until 2099-01-02 11:04");
    const profile = await profileLoader(routeArgs(getRequest("/profile", cookie)));
    expect(profile.suspendedUntil).toBe("2099-01-02T03:04:00.000Z");
  });

  it("is lifted by an administrator (audited); lifting again is a 409", async () => {
    const user = await createUser("rep_lifted", "secret-pass");
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await db.update(users).set({ suspended_until: later }).where(eq(users.id, user.id));
    await liftSuspension(user.id, admin);
    expect(await suspendedUntil(user.id)).toBeNull();
    expect(await audits("user.unsuspend", user.id)).toHaveLength(1);
    await expect(liftSuspension(user.id, admin)).rejects.toMatchObject({ status: 409 });
  });
});

describe("/api/reports", () => {
  it("POST reports as the signed-in user (201), 409 the second time, 401 anonymous", async () => {
    const { story } = await publishedStory();
    const cookie = await signInAs(readers[3]!.username);
    const body = { target_type: "story", target_id: story.id, reason: "scam" };
    const made = await reportsApi(routeArgs(jsonRequest("/api/reports", body, { cookie })));
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ target_type: "story", target_id: story.id });
    const again = await reportsApi(routeArgs(jsonRequest("/api/reports", body, { cookie })));
    expect(again.status).toBe(409);
    const anonymous = await reportsApi(routeArgs(jsonRequest("/api/reports", body)));
    expect(anonymous.status).toBe(401);
    const bad = await reportsApi(
      routeArgs(jsonRequest("/api/reports", { ...body, reason: "boring" }, { cookie })),
    );
    expect(bad.status).toBe(400);
  });

  it("GET lists reported items for administrators; PATCH decides", async () => {
    const { story } = await publishedStory();
    const r = await reportItem(
      readers[0]!,
      { target_type: "story", target_id: story.id, ...spam },
      from(readers[0]!),
    );
    const cookie = await signInAs("rep_admin");
    const list = await reportsList(routeArgs(getRequest("/api/reports?pageSize=50", cookie)));
    expect(list.status).toBe(200);
    expect(Number(list.headers.get("X-Total-Count"))).toBeGreaterThan(0);
    const items = (await list.json()) as {
      target_type: string;
      target_id: number;
      report_id: number;
    }[];
    const item = items.find((i) => i.target_type === "story" && i.target_id === story.id);
    expect(item?.report_id).toBe(r.id);
    const patch = (body: unknown) =>
      reportApi(
        routeArgs(jsonRequest(`/api/reports/${r.id}`, body, { cookie, method: "PATCH" }), {
          id: String(r.id),
        }),
      );
    expect((await patch({ action: "ban" })).status).toBe(400);
    const decided = await patch({ action: "dismiss" });
    expect(decided.status).toBe(200);
    expect(await decided.json()).toMatchObject({ action: "dismiss", resolved: 1 });
    expect((await patch({ action: "dismiss" })).status).toBe(409);
  });
});

describe("the screens", () => {
  it("/report asks an anonymous visitor to sign in and come back", async () => {
    const thrown = await reportPage(routeArgs(getRequest("/report?comment=1"))).catch((e) => e);
    expect((thrown as Response).headers.get("Location")).toBe(
      `/login?redirect=${encodeURIComponent("/report?comment=1")}`,
    );
  });

  it("a plain form post reports and goes back to the comment; a fetcher gets data", async () => {
    const { story } = await publishedStory();
    const comment = await commentBy(author, story.id);
    const other = await commentBy(author, story.id, "Өөр сэтгэгдэл");
    const cookie = await signInAs(readers[1]!.username);
    const page = await reportPage(routeArgs(getRequest(`/report?comment=${comment.id}`, cookie)));
    expect(page.item).toMatchObject({ type: "comment", own: false, reported: false });
    const fields = (id: number) => ({
      target_type: "comment",
      target_id: String(id),
      reason: "harassment",
      note: "",
    });
    const plain = (await reportScreen(
      routeArgs(formRequest(`/report?comment=${comment.id}`, fields(comment.id), cookie)),
    )) as Response;
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(`/stories/${story.id}#comment-${comment.id}`);
    const viaFetcher = (await reportScreen(
      routeArgs(
        formRequest(`/report?comment=${other.id}`, { ...fields(other.id), via: "fetcher" }, cookie),
      ),
    )) as unknown as { data: { ok: boolean } };
    expect(viaFetcher.data.ok).toBe(true);
    // The story page shows both as reported to this reader, and offers the story itself.
    const shown = await storyPage(
      routeArgs(getRequest(`/stories/${story.id}`, cookie), { id: String(story.id) }),
    );
    expect(shown.story.report).toBe("form");
    expect(shown.comments.map((c) => c.report)).toEqual(["reported", "reported"]);
    const anonymous = await storyPage(
      routeArgs(getRequest(`/stories/${story.id}`), { id: String(story.id) }),
    );
    expect(anonymous.story.report).toBe("signIn");
  });

  it("the Reports tab lists the item and hides it with a form post", async () => {
    // The earlier tests' reports are settled, so this one is on the first page.
    await db.update(reports).set({ status: "resolved", outcome: "dismissed" });
    const { story } = await publishedStory();
    const comment = await commentBy(author, story.id, "Нуух сэтгэгдэл");
    const r = await reportItem(
      readers[2]!,
      {
        target_type: "comment",
        target_id: comment.id,
        ...spam,
      },
      from(readers[2]!),
    );
    const cookie = await signInAs("rep_admin");
    const shown = await adminReportsLoader(routeArgs(getRequest("/admin/reports", cookie)));
    expect(shown.items.some((i) => i.target_id === comment.id)).toBe(true);
    const done = (await adminReportsAction(
      routeArgs(formRequest("/admin/reports", { intent: "hide", id: String(r.id) }, cookie)),
    )) as Response;
    expect(done.status).toBe(302);
    expect((await commentRow(comment.id))!.hidden_at).not.toBeNull();
  });
});
