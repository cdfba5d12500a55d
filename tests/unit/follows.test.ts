import { and, eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import {
  authorFollows,
  donationPools,
  notifications,
  outbox,
  poolFollows,
  stories,
  users,
} from "#db/schema";
import { HttpError } from "~/http/http.server";
import { sendDue } from "~/messages/sender.server";
import { deleteAccount } from "~/models/account-delete.server";
import { getDigest, queueFollowDigests, setDigest } from "~/models/digest.server";
import { listFollowing, setAuthorFollow, setPoolFollow } from "~/models/follows.server";
import { approveStory } from "~/models/moderation.server";
import { postUpdate } from "~/models/pool-updates.server";
import { getModerationSettings } from "~/models/settings.server";
import { createStory } from "~/models/story-submission.server";
import { createUser, type User } from "~/models/users.server";
import { action as unsubscribeAction } from "~/routes/unsubscribe";
import type { TestSmtp } from "../support/smtp-server";
import { withTestMail } from "../support/test-mail";
import { ORIGIN, routeArgs } from "./helpers";

/**
 * Issue 42 items 1 and 2: following authors and campaigns, the inbox entries a follow brings,
 * and the e-mail digest, sent through a real SMTP server on a local port.
 */

const DAY = 24 * 60 * 60 * 1000;
const mails: ParsedMail[] = [];
let smtp: TestSmtp;
let admin: User;
let author: User;

const storyText = "Өвлийн өглөө бид говийн худгийн дэргэд цай чанасан юм. Нар мандаж байлаа.";
const freeStory = (who: User, title: string) =>
  createStory(who, {
    title,
    story: storyText,
    bank_name: "TDB",
    bank_account: "4001002003",
    pricing_tier: "free",
  });

/** An account with a confirmed address, in `language`. */
async function reader(username: string, language: "mn" | "en" = "mn") {
  const user = await createUser(username, "secret-pass");
  await db
    .update(users)
    .set({
      email: `${username}@example.mn`,
      email_confirmed_at: new Date().toISOString(),
      language,
    })
    .where(eq(users.id, user.id));
  return user;
}

async function newPool() {
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: `Худаг ${Math.random().toString(36).slice(2, 7)}`,
      description: "Малчдад ус хүргэнэ.",
      goal_amount: 1_000_000,
      bank_name: "Khan Bank",
      bank_account: "5000123456",
      account_name: "Говь ТББ",
    })
    .returning({ id: donationPools.id });
  return pool!.id;
}

const inboxOf = (user: User, kind: string) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, user.id), eq(notifications.kind, kind)));

const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/^[^:]+:\s*/, "")
    .replace(/\r?\n\s+/g, "") ?? "";

const mailsTo = (address: string) =>
  mails.filter((m) => m.to && "text" in m.to && m.to.text === address);

/** The digests due at `now`, queued and sent at once (a week cannot pass in a test). */
async function sendDigestsNow(now: number): Promise<number> {
  const queued = await queueFollowDigests(now);
  while ((await sendDue(now)) > 0);
  return queued;
}

const digestRows = (user: User) =>
  db
    .select({ params: outbox.params })
    .from(outbox)
    .where(
      and(eq(outbox.kind, "follow.digest"), sql`json_extract(params, '$.user_id') = ${user.id}`),
    );

const refused = (status: number, key?: string) => (e: unknown) =>
  e instanceof HttpError && e.status === status && (!key || e.message.endsWith(key));

beforeAll(async () => {
  smtp = await withTestMail(mails);
  admin = await createUser("fw_admin", "secret-pass", "admin");
  author = await createUser("Saraa_writes", "secret-pass");
  // Free stories are published at once (the default), which the inbox test relies on.
  expect((await getModerationSettings()).reviewFreeStories).toBe(false);
});

afterAll(async () => {
  await smtp.stop();
});

describe("following", () => {
  it("follows an author by username (any letter case), once, and counts the followers", async () => {
    const a = await reader("fw_one");
    const b = await reader("fw_two");
    expect(await setAuthorFollow(a, "saraa_WRITES", true)).toEqual({
      username: "Saraa_writes",
      following: true,
      followers: 1,
    });
    // Twice is once.
    expect((await setAuthorFollow(a, "Saraa_writes", true)).followers).toBe(1);
    expect(await setAuthorFollow(b, "Saraa_writes", true)).toMatchObject({ followers: 2 });
    expect(await setAuthorFollow(a, "Saraa_writes", false)).toMatchObject({
      following: false,
      followers: 1,
    });
    // Unfollowing what one does not follow is done, not an error.
    expect(await setAuthorFollow(a, "Saraa_writes", false)).toMatchObject({ following: false });
  });

  it("refuses following oneself and an unknown name", async () => {
    await expect(setAuthorFollow(author, "Saraa_writes", true)).rejects.toSatisfy(
      refused(409, "follow:errors.self"),
    );
    await expect(setAuthorFollow(author, "nobody_here", true)).rejects.toSatisfy(refused(404));
  });

  it("follows a campaign the public sees, and lists what a person follows", async () => {
    const c = await reader("fw_three");
    const poolId = await newPool();
    expect(await setPoolFollow(c, poolId, true)).toEqual({
      pool_id: poolId,
      following: true,
      followers: 1,
    });
    await setAuthorFollow(c, "Saraa_writes", true);
    const list = await listFollowing(c);
    expect(list.authors.map((x) => [x.username, x.followers])).toEqual([["Saraa_writes", 2]]);
    expect(list.pools.map((x) => [x.id, x.followers])).toEqual([[poolId, 1]]);
    // A completed campaign may still post its final report: it can be followed.
    await db.update(donationPools).set({ status: "completed" }).where(eq(donationPools.id, poolId));
    const d = await reader("fw_four");
    expect(await setPoolFollow(d, poolId, true)).toMatchObject({ following: true, followers: 2 });
    await setPoolFollow(d, poolId, false);
    // An archived one posts nothing more: its page offers no button, and the service says why
    // (not «campaign not found»: its page still shows). It can be left.
    await db.update(donationPools).set({ status: "archived" }).where(eq(donationPools.id, poolId));
    await expect(setPoolFollow(d, poolId, true)).rejects.toSatisfy(
      refused(409, "follow:errors.archived"),
    );
    expect(await setPoolFollow(c, poolId, false)).toMatchObject({ following: false, followers: 0 });
    await expect(setPoolFollow(c, 999_999, true)).rejects.toSatisfy(refused(404));
  });

  it("keeps a suspended account's follows but refuses it new ones", async () => {
    const s = await reader("fw_suspended");
    await setAuthorFollow(s, "Saraa_writes", true);
    await db
      .update(users)
      .set({ suspended_until: new Date(Date.now() + DAY).toISOString() })
      .where(eq(users.id, s.id));
    const poolId = await newPool();
    await expect(setPoolFollow(s, poolId, true)).rejects.toSatisfy(refused(403));
    expect((await listFollowing(s)).authors).toHaveLength(1);
    // Leaving is allowed.
    expect(await setAuthorFollow(s, "Saraa_writes", false)).toMatchObject({ following: false });
  });

  it("goes with the account when it is deleted (the real account deletion)", async () => {
    const leaver = await reader("fw_leaver");
    const poolId = await newPool();
    await setAuthorFollow(leaver, "Saraa_writes", true);
    await setPoolFollow(leaver, poolId, true);
    // And the author's followers when the author leaves.
    const writer = await createUser("fw_leaving_writer", "secret-pass");
    const fan = await reader("fw_fan");
    await setAuthorFollow(fan, "fw_leaving_writer", true);
    await deleteAccount(leaver, {
      username: "fw_leaver",
      keep_stories: false,
      currentPassword: "secret-pass",
    });
    await deleteAccount(writer, {
      username: "fw_leaving_writer",
      keep_stories: true,
      currentPassword: "secret-pass",
    });
    expect(await db.$count(authorFollows, eq(authorFollows.follower_id, leaver.id))).toBe(0);
    expect(await db.$count(poolFollows, eq(poolFollows.follower_id, leaver.id))).toBe(0);
    expect(await db.$count(authorFollows, eq(authorFollows.follower_id, fan.id))).toBe(0);
  });
});

describe("the inbox of a follower", () => {
  it("gets an entry when a followed author's story becomes public, and none after unfollowing", async () => {
    const writer = await createUser("fw_inbox_writer", "secret-pass");
    const fan = await reader("fw_inbox_fan");
    await setAuthorFollow(fan, "fw_inbox_writer", true);
    const published = await freeStory(writer, "Говийн өглөө");
    const [entry, ...more] = await inboxOf(fan, "follow.story");
    expect(more).toHaveLength(0);
    expect(JSON.parse(entry!.params)).toMatchObject({
      story_id: published.id,
      title: "Говийн өглөө",
      author: "fw_inbox_writer",
    });
    // No mail of its own: the digest carries it.
    expect(await db.$count(outbox, eq(outbox.recipient, "fw_inbox_fan@example.mn"))).toBe(0);

    await setAuthorFollow(fan, "fw_inbox_writer", false);
    await freeStory(writer, "Хоёр дахь түүх");
    expect(await inboxOf(fan, "follow.story")).toHaveLength(1);
  });

  it("is told once when an administrator approves a story, not when it is still waiting", async () => {
    const writer = await createUser("fw_paid_writer", "secret-pass");
    const fan = await reader("fw_paid_fan");
    await setAuthorFollow(fan, "fw_paid_writer", true);
    const story = await createStory(writer, {
      title: "Онцлох түүх",
      story: storyText,
      bank_name: "TDB",
      bank_account: "4001002003",
      pricing_tier: "daily",
      payment_reference: "612399",
    });
    expect(await inboxOf(fan, "follow.story")).toHaveLength(0);
    // Its payment verified as an administrator would; the approval is what makes it public.
    await db.update(stories).set({ payment_status: "verified" }).where(eq(stories.id, story.id));
    await approveStory(story.id, admin);
    await expect(approveStory(story.id, admin)).rejects.toSatisfy(refused(409));
    expect(await inboxOf(fan, "follow.story")).toHaveLength(1);
  });

  it("gets an entry for a followed campaign's update; a suspended follower gets nothing new", async () => {
    const poolId = await newPool();
    const fan = await reader("fw_pool_fan");
    const away = await reader("fw_pool_away");
    await setPoolFollow(fan, poolId, true);
    await setPoolFollow(away, poolId, true);
    await db
      .update(users)
      .set({ suspended_until: new Date(Date.now() + DAY).toISOString() })
      .where(eq(users.id, away.id));
    const update = await postUpdate(
      poolId,
      { body_mn: "Худгийн шугам хоолойг татлаа.", body_en: "The well's pipe is laid." },
      admin,
    );
    const [entry] = await inboxOf(fan, "follow.update");
    expect(JSON.parse(entry!.params)).toMatchObject({ pool_id: poolId, update_id: update.id });
    expect(await inboxOf(away, "follow.update")).toHaveLength(0);
  });
});

describe("the digest", () => {
  it("is weekly by default, and can be daily or never", async () => {
    const user = await reader("fw_digest_choice");
    expect(await getDigest(user)).toBe("weekly");
    expect(await setDigest(user, { digest: "daily" })).toBe("daily");
    await expect(setDigest(user, { digest: "hourly" })).rejects.toSatisfy(refused(400));
    expect(await getDigest(user)).toBe("daily");
  });

  it("carries a followed author's new story by e-mail, in the reader's language, with a one-click unsubscribe", async () => {
    const writer = await createUser("fw_digest_writer", "secret-pass");
    const fan = await reader("fw_digest_fan", "en");
    await setAuthorFollow(fan, "fw_digest_writer", true);
    const story = await freeStory(writer, "Нүүдлийн зам");
    const poolId = await newPool();
    await setPoolFollow(fan, poolId, true);
    await postUpdate(
      poolId,
      { body_mn: "Худгийн шугам хоолойг татлаа.", body_en: "The well's pipe is laid." },
      admin,
    );
    // Not due before a week has passed since the follow began.
    expect(await queueFollowDigests(Date.now() + 6 * DAY)).toBe(0);
    const later = Date.now() + 8 * DAY;
    expect(await sendDigestsNow(later)).toBeGreaterThanOrEqual(1);
    const [mail, ...others] = mailsTo("fw_digest_fan@example.mn");
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe("New from what you follow: 2");
    expect(mail!.text).toContain("«Нүүдлийн зам» by fw_digest_writer");
    expect(mail!.text).toContain(`https://storyshare.test/stories/${story.id}`);
    expect(mail!.text).toContain("The well's pipe is laid.");
    expect(mail!.html).toContain(`href="https://storyshare.test/stories/${story.id}"`);
    const unsubscribe = header(mail!, "list-unsubscribe");
    expect(unsubscribe).toMatch(/^<https:\/\/storyshare\.test\/unsubscribe\?u=.+&g=follows&s=.+>$/);
    expect(header(mail!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    // The same period is not sent twice, even when asked again.
    expect(await sendDigestsNow(later)).toBe(0);
    expect(mailsTo("fw_digest_fan@example.mn")).toHaveLength(1);

    // The mail program's one-click unsubscribe turns the digest off.
    const url = unsubscribe.slice(1, -1).replace("https://storyshare.test", ORIGIN);
    const res = (await unsubscribeAction(
      routeArgs(
        new Request(url, {
          method: "POST",
          // A mail program's request: no Origin, no session; the signed link is the authority.
          headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:3000" },
          body: "List-Unsubscribe=One-Click",
        }),
      ),
    )) as Response;
    expect(res.status).toBe(200);
    expect(await getDigest(fan)).toBe("never");
  });

  it("is queued once when two processes scan at the same time", async () => {
    const writer = await createUser("fw_twice_writer", "secret-pass");
    const fan = await reader("fw_twice_fan");
    await setAuthorFollow(fan, "fw_twice_writer", true);
    await freeStory(writer, "Хоёр дахь удаа");
    const later = Date.now() + 8 * DAY;
    const [first, second] = await Promise.all([
      queueFollowDigests(later),
      queueFollowDigests(later),
    ]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await digestRows(fan)).toHaveLength(1);
    // A scan that read the period before the other moved it on: only the key stops it.
    await db.update(users).set({ digest_covered_until: null }).where(eq(users.id, fan.id));
    await queueFollowDigests(later);
    expect(await digestRows(fan)).toHaveLength(1);
  });

  it("does not reach back past the confirmation of an address (no heap)", async () => {
    const writer = await createUser("fw_late_writer", "secret-pass");
    const fan = await createUser("fw_late_fan", "secret-pass");
    await setAuthorFollow(fan, "fw_late_writer", true);
    await freeStory(writer, "Хаяггүй үеийн түүх");
    // Weeks pass with no confirmed address: nothing can be sent, the periods still go by.
    await queueFollowDigests(Date.now() + 8 * DAY);
    await queueFollowDigests(Date.now() + 15 * DAY);
    await db
      .update(users)
      .set({
        email: "fw_late_fan@example.mn",
        email_confirmed_at: new Date(Date.now() + 16 * DAY).toISOString(),
      })
      .where(eq(users.id, fan.id));
    const fresh = await freeStory(writer, "Баталгаажуулсны дараах түүх");
    await db
      .update(stories)
      .set({ approved_at: new Date(Date.now() + 17 * DAY).toISOString() })
      .where(eq(stories.id, fresh.id));
    await sendDigestsNow(Date.now() + 23 * DAY);
    const [mail, ...others] = mailsTo("fw_late_fan@example.mn");
    expect(others).toHaveLength(0);
    expect(mail!.text).toContain("Баталгаажуулсны дараах түүх");
    expect(mail!.text).not.toContain("Хаяггүй үеийн түүх");
  });

  it("is not sent when nothing is new, and its period still moves on", async () => {
    await createUser("fw_quiet_writer", "secret-pass");
    const fan = await reader("fw_quiet_fan");
    await setAuthorFollow(fan, "fw_quiet_writer", true);
    const later = Date.now() + 8 * DAY;
    await sendDigestsNow(later);
    expect(mailsTo("fw_quiet_fan@example.mn")).toHaveLength(0);
    const [row] = await db
      .select({ until: users.digest_covered_until })
      .from(users)
      .where(eq(users.id, fan.id));
    expect(row!.until).toBe(new Date(later).toISOString());
  });

  it("sends nothing to a suspended account, nor after unfollowing", async () => {
    const writer = await createUser("fw_gone_writer", "secret-pass");
    const suspended = await reader("fw_gone_suspended");
    const leftOver = await reader("fw_gone_left");
    await setAuthorFollow(suspended, "fw_gone_writer", true);
    await setAuthorFollow(leftOver, "fw_gone_writer", true);
    await db
      .update(users)
      .set({ suspended_until: new Date(Date.now() + 30 * DAY).toISOString() })
      .where(eq(users.id, suspended.id));
    await setAuthorFollow(leftOver, "fw_gone_writer", false);
    await freeStory(writer, "Хэнд ч хүрэхгүй түүх");
    await sendDigestsNow(Date.now() + 8 * DAY);
    expect(mailsTo("fw_gone_suspended@example.mn")).toHaveLength(0);
    expect(mailsTo("fw_gone_left@example.mn")).toHaveLength(0);
    expect(await inboxOf(suspended, "follow.story")).toHaveLength(0);
  });

  it("never brings what happened during a suspension once it is over", async () => {
    const writer = await createUser("fw_back_writer", "secret-pass");
    const back = await reader("fw_back_fan");
    await setAuthorFollow(back, "fw_back_writer", true);
    await db
      .update(users)
      .set({ suspended_until: new Date(Date.now() + 10 * DAY).toISOString() })
      .where(eq(users.id, back.id));
    await freeStory(writer, "Хаалттай үеийн түүх");
    // No scan runs while it is suspended (the site was down, say); the next one comes after.
    const after = await freeStory(writer, "Нээгдсэний дараах түүх");
    await db
      .update(stories)
      .set({ approved_at: new Date(Date.now() + 11 * DAY).toISOString() })
      .where(eq(stories.id, after.id));
    await sendDigestsNow(Date.now() + 18 * DAY);
    const [mail, ...others] = mailsTo("fw_back_fan@example.mn");
    expect(others).toHaveLength(0);
    expect(mail!.text).toContain("Нээгдсэний дараах түүх");
    expect(mail!.text).not.toContain("Хаалттай үеийн түүх");
  });
});
