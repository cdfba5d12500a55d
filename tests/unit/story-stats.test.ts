import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { comments, stories, storyHearts, storyReadSources, storyReads } from "#db/schema";
import { todayInUlaanbaatar } from "~/lib/pool-end";
import { ownStoriesStats } from "~/models/story-stats.server";
import { createUser, type User } from "~/models/users.server";
import { loader as statsApi } from "~/routes/api.stories.$id.stats";
import { loader as statsPage } from "~/routes/profile_.stats";
import { getRequest, routeArgs, signInAs } from "./helpers";

/**
 * Issue 42 item 3: an author's statistics. Reads, hearts and the comments readers can see over 30
 * and 90 Ulaanbaatar days and in all; reads per day; sources. The author and administrators see a
 * story's; another member gets 403 (a story they can read) or 404, anonymous 401.
 */

let author: User;
let stranger: User;
let authorCookie: string;
let strangerCookie: string;
let adminCookie: string;
let storyId: number;
let quietId: number;
let pendingId: number;
const DAY = 86_400_000;
const today = todayInUlaanbaatar();
const daysAgo = (n: number) => todayInUlaanbaatar(new Date(Date.now() - n * DAY));
const isoDaysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

async function storyOf(owner: User, title: string, status: "approved" | "pending" = "approved") {
  const [row] = await db
    .insert(stories)
    .values({
      user_id: owner.id,
      author: owner.username,
      title,
      story: "Line one of a story long enough to be one.\nLine two of it.",
      pricing_tier: "free",
      status,
      bank_name: "Khan Bank",
      bank_account: "5000111222",
    })
    .returning({ id: stories.id });
  return row!.id;
}

beforeAll(async () => {
  author = await createUser("st_author", "secret-pass");
  stranger = await createUser("st_stranger", "secret-pass");
  const admin = await createUser("st_admin", "secret-pass", "admin");
  authorCookie = await signInAs(author.username);
  strangerCookie = await signInAs(stranger.username);
  adminCookie = await signInAs(admin.username);
  storyId = await storyOf(author, "Read story");
  quietId = await storyOf(author, "Quiet story");
  pendingId = await storyOf(author, "Waiting story", "pending");
  await db.insert(storyReads).values([
    { story_id: storyId, day: today, reads: 3 },
    { story_id: storyId, day: daysAgo(29), reads: 2 },
    { story_id: storyId, day: daysAgo(30), reads: 5 },
    { story_id: storyId, day: daysAgo(89), reads: 7 },
    { story_id: storyId, day: daysAgo(200), reads: 11 },
  ]);
  await db.insert(storyReadSources).values([
    { story_id: storyId, day: today, source: "facebook.com", reads: 2 },
    { story_id: storyId, day: today, source: "direct", reads: 1 },
    { story_id: storyId, day: daysAgo(60), source: "search", reads: 4 },
  ]);
  await db.insert(storyHearts).values([
    { story_id: storyId, user_id: stranger.id, created_at: isoDaysAgo(1) },
    { story_id: storyId, user_id: admin.id, created_at: isoDaysAgo(120) },
  ]);
  const comment = (
    created: number,
    state: Partial<{ held_at: string; hidden_at: string }> = {},
  ) => ({
    story_id: storyId,
    user_id: stranger.id,
    author: stranger.username,
    content: "A comment.",
    created_at: isoDaysAgo(created),
    ...state,
  });
  await db
    .insert(comments)
    .values([
      comment(2),
      comment(45),
      comment(3, { held_at: isoDaysAgo(3) }),
      comment(4, { hidden_at: isoDaysAgo(1) }),
    ]);
});

describe("an author's statistics", () => {
  it("count reads, hearts and shown comments over 30 and 90 days and in all", async () => {
    const stats = await ownStoriesStats(author);
    const read = stats.stories.find((s) => s.id === storyId)!;
    expect(read.reads).toEqual({ last30: 5, last90: 17, all: 28 });
    expect(read.hearts).toEqual({ last30: 1, last90: 1, all: 2 });
    // The held and the hidden comment are not counted: readers do not see them.
    expect(read.comments).toEqual({ last30: 1, last90: 2, all: 2 });
    const quiet = stats.stories.find((s) => s.id === quietId)!;
    expect(quiet.reads).toEqual({ last30: 0, last90: 0, all: 0 });
    expect(stats.stories.map((s) => s.id)).toContain(pendingId);
    expect(stats.perDay).toHaveLength(90);
    expect(stats.perDay.at(-1)).toEqual({ day: today, reads: 3 });
    expect(stats.perDay[0]).toEqual({ day: daysAgo(89), reads: 7 });
    expect(stats.perDay.reduce((n, d) => n + d.reads, 0)).toBe(17);
    expect(stats.sources.last30).toEqual([
      { source: "facebook.com", reads: 2 },
      { source: "direct", reads: 1 },
    ]);
    expect(stats.sources.last90[0]).toEqual({ source: "search", reads: 4 });
  });

  it("draw one story's reads, never another author's", async () => {
    const quiet = await ownStoriesStats(author, quietId);
    expect(quiet.storyId).toBe(quietId);
    expect(quiet.perDay.every((d) => d.reads === 0)).toBe(true);
    const notTheirs = await ownStoriesStats(stranger, storyId);
    expect(notTheirs.storyId).toBeNull();
    expect(notTheirs.stories).toEqual([]);
    expect(notTheirs.perDay.every((d) => d.reads === 0)).toBe(true);
  });
});

describe("GET /api/stories/{id}/stats", () => {
  const ask = (id: number, cookie?: string) =>
    statsApi(routeArgs(getRequest(`/api/stories/${id}/stats`, cookie), { id: String(id) }));

  it("answers the author and administrators", async () => {
    for (const cookie of [authorCookie, adminCookie]) {
      const answer = await ask(storyId, cookie);
      expect(answer.status).toBe(200);
      const body = await answer.json();
      expect(body.reads).toEqual({ last_30_days: 5, last_90_days: 17, all_time: 28 });
      expect(body.comments.all_time).toBe(2);
      expect(body.reads_per_day).toHaveLength(90);
      expect(body.sources.last_30_days[0]).toEqual({ source: "facebook.com", reads: 2 });
    }
  });

  it("refuses another member (403; 404 for a story they cannot read) and anyone signed out (401)", async () => {
    const refused = await ask(storyId, strangerCookie);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBeTruthy();
    expect((await ask(pendingId, strangerCookie)).status).toBe(404);
    expect((await ask(999_999, authorCookie)).status).toBe(404);
    expect((await ask(storyId)).status).toBe(401);
  });
});

describe("/profile/stats", () => {
  const open = (path: string, cookie?: string) => statsPage(routeArgs(getRequest(path, cookie)));

  it("sends a visitor to sign in", async () => {
    const sent = await open("/profile/stats").catch((e: unknown) => e as Response);
    expect((sent as Response).status).toBe(302);
    expect((sent as Response).headers.get("location")).toMatch(/^\/login/);
  });

  it("shows the author's own stories, and one story's reads when asked", async () => {
    const all = await open("/profile/stats", authorCookie);
    expect(all.stories.map((s) => s.title).sort()).toEqual([
      "Quiet story",
      "Read story",
      "Waiting story",
    ]);
    expect(all.storyId).toBeNull();
    const one = await open(`/profile/stats?story=${storyId}`, authorCookie);
    expect(one.storyId).toBe(storyId);
    // Another author's story id changes nothing for the stranger.
    const theirs = await open(`/profile/stats?story=${storyId}`, strangerCookie);
    expect(theirs.storyId).toBeNull();
    expect(theirs.stories).toEqual([]);
    // An administrator, from the story page's link: that story alone.
    const asAdmin = await open(`/profile/stats?story=${storyId}`, adminCookie);
    expect(asAdmin.storyId).toBe(storyId);
    expect(asAdmin.stories.map((s) => s.title)).toEqual(["Read story"]);
    expect(asAdmin.perDay.at(-1)).toEqual({ day: today, reads: 3 });
  });

  it("answers an administrator's link to a story that is gone with a 404, not a failure", async () => {
    const gone = await open("/profile/stats?story=999999", adminCookie).catch(
      (e: unknown) => e as Response,
    );
    // A Response: Remix answers it as the 404 page; anything else thrown is a 500 and an error log.
    expect(gone).toBeInstanceOf(Response);
    expect((gone as Response).status).toBe(404);
  });
});
