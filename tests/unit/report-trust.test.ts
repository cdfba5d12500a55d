import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, reports, stories } from "#db/schema";
import { newDeviceCookie } from "~/http/device-cookie.server";
import { approveStory, verifyStoryPayment } from "~/models/moderation.server";
import { decideReport } from "~/models/report-decisions.server";
import { countReports, WEIGHT_TO_HIDE } from "~/models/report-holds.server";
import { networkOf, originOf, reporterWeight, reportOrigin } from "~/models/report-trust.server";
import { listReportedItems } from "~/models/reported-items.server";
import { reportItem } from "~/models/reports.server";
import { createStory } from "~/models/story-submission.server";
import { createUser, type User } from "~/models/users.server";
import { cookiesFrom } from "./helpers";
import { establishedReader, from } from "./report-readers";

/**
 * Issue 38 item 4 (decision 048): reports weigh by their reporters' trust, and one browser or one
 * address counts once. Before it, three accounts made seconds earlier hid any story.
 */

const storyInput = {
  title: "Итгэлийн түүх",
  story: "Хангалттай урт түүхийн бие энд байна, уншигчид үүнийг уншина.",
  bank_name: "TDB",
  bank_account: "4001002003",
  pricing_tier: "free",
};
const spam = { reason: "spam" };
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
let n = 0;

const storyRow = async (id: number) =>
  (await db.select().from(stories).where(eq(stories.id, id)))[0]!;
const holds = (id: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "story.hold"), eq(auditLog.entity_id, String(id))));

async function publishedStory() {
  const who = await createUser(`trust_writer_${++n}`, "secret-pass");
  return createStory(who, storyInput);
}

const report = (reader: User, storyId: number, origin = from(reader), now?: Date) =>
  reportItem(reader, { target_type: "story", target_id: storyId, ...spam }, origin, now);

const trusted: User[] = [];
beforeAll(async () => {
  for (let i = 0; i < 4; i++) trusted.push(await establishedReader(`trust_reader_${i}`));
});

describe("reports from new accounts", () => {
  it("three accounts made seconds ago do not hide a story; the administrators see it waiting", async () => {
    const fresh: User[] = [];
    for (let i = 0; i < 3; i++) fresh.push(await createUser(`trust_fresh_${i}`, "secret-pass"));
    const story = await publishedStory();
    for (const reader of fresh) await report(reader, story.id);
    expect(await storyRow(story.id)).toMatchObject({ status: "approved", held_at: null });
    expect(await holds(story.id)).toHaveLength(0);
    const { items } = await listReportedItems(1, 50);
    const item = items.find((i) => i.target_type === "story" && i.target_id === story.id);
    expect(item).toMatchObject({
      open_reports: 3,
      state: "published",
      weight: 0,
      weight_to_hide: WEIGHT_TO_HIDE,
    });
    expect(item!.reports.map((r) => [r.weight, r.counted])).toEqual([
      [0, false],
      [0, false],
      [0, false],
    ]);
  });

  it("an old account with neither a confirmed address nor anything published counts nothing", async () => {
    const idle = await establishedReader("trust_idle", { confirmed: false, published: false });
    expect(await reporterWeight(idle.id)).toBe(0);
  });
});

describe("how much a reporter counts", () => {
  it("nothing under a day old, half with some of age, address and activity, whole with all", async () => {
    const cases: [Parameters<typeof establishedReader>[1], number][] = [
      [{ ageDays: 0, confirmed: true, published: true }, 0],
      [{ ageDays: 2, confirmed: false, published: false }, 0],
      [{ ageDays: 2, confirmed: true, published: false }, 1],
      [{ ageDays: 2, confirmed: false, published: true }, 1],
      [{ ageDays: 2, confirmed: true, published: true }, 1],
      [{ ageDays: 30, confirmed: true, published: false }, 1],
      [{ ageDays: 30, confirmed: true, published: true }, 2],
    ];
    for (const [i, [trust, weight]] of cases.entries()) {
      const reader = await establishedReader(`trust_case_${i}`, trust);
      expect(await reporterWeight(reader.id), JSON.stringify(trust)).toBe(weight);
    }
  });

  it("the weight is the reporter's when they reported, kept on the report", async () => {
    const story = await publishedStory();
    const r = await report(trusted[0]!, story.id);
    const [row] = await db.select().from(reports).where(eq(reports.id, r.id));
    expect(row).toMatchObject({ weight: 2, device_hash: from(trusted[0]!).device });
  });
});

describe("reports that count", () => {
  it("three established readers on their own browsers and addresses hide a story, as before", async () => {
    const story = await publishedStory();
    for (const reader of trusted.slice(0, 2)) await report(reader, story.id);
    expect((await storyRow(story.id)).status).toBe("approved");
    await report(trusted[2]!, story.id);
    expect(await storyRow(story.id)).toMatchObject({ status: "pending" });
    expect((await storyRow(story.id)).held_at).not.toBeNull();
    expect(await holds(story.id)).toHaveLength(1);
  });

  it("two trusted accounts in one browser count once", async () => {
    const story = await publishedStory();
    const [a, b, c, d] = trusted as [User, User, User, User];
    await report(a, story.id, { device: "one-browser", address: "address-a" });
    await report(b, story.id, { device: "one-browser", address: "address-b" });
    await report(c, story.id);
    expect((await storyRow(story.id)).status).toBe("approved");
    const { items } = await listReportedItems(1, 50);
    const item = items.find((i) => i.target_type === "story" && i.target_id === story.id)!;
    expect(item.weight).toBe(4);
    expect(item.reports.map((r) => r.counted)).toEqual([true, false, true]);
    await report(d, story.id);
    expect((await storyRow(story.id)).status).toBe("pending");
  });

  it("two trusted accounts from one address count once", async () => {
    const story = await publishedStory();
    const [a, b, c] = trusted as [User, User, User];
    await report(a, story.id, { device: "browser-a", address: "one-address" });
    await report(b, story.id, { device: "browser-b", address: "one-address" });
    await report(c, story.id);
    expect((await storyRow(story.id)).status).toBe("approved");
  });

  it("half-trusted readers count half: six of them hide a story", async () => {
    const story = await publishedStory();
    for (let i = 0; i < 6; i++) {
      expect((await storyRow(story.id)).status).toBe("approved");
      const reader = await establishedReader(`trust_half_${i}`, { ageDays: 2 });
      await report(reader, story.id);
    }
    expect((await storyRow(story.id)).status).toBe("pending");
  });

  it("counts the most trusted first, and an unknown browser or address matches nothing", () => {
    const rows = [
      { id: 1, weight: 1, device_hash: "x", address_hash: null },
      { id: 2, weight: 2, device_hash: "x", address_hash: null },
      { id: 3, weight: 2, device_hash: null, address_hash: null },
      { id: 4, weight: 2, device_hash: null, address_hash: null },
      { id: 5, weight: 0, device_hash: "y", address_hash: "z" },
    ];
    expect(countReports(rows)).toEqual({ weight: 6, ids: [2, 3, 4] });
  });
});

describe("where a report comes from", () => {
  it("a browser keeps its own nonce, also when an account signs in on it", async () => {
    const first = await reportOrigin(new Request("http://localhost/report"));
    expect(first.cookie).toBeTruthy();
    const cookie = cookiesFrom(new Response(null, { headers: { "Set-Cookie": first.cookie! } }));
    const again = await reportOrigin(
      new Request("http://localhost/report", { headers: { cookie } }),
    );
    expect(again).toEqual({ origin: first.origin, cookie: null });
    const signedIn = await newDeviceCookie(
      new Request("http://localhost/login", { headers: { cookie } }),
      "someone",
    );
    const after = cookiesFrom(new Response(null, { headers: { "Set-Cookie": signedIn } }));
    const third = await reportOrigin(
      new Request("http://localhost/report", { headers: { cookie: after } }),
    );
    expect(third.origin.device).toBe(first.origin.device);
  });

  it("keeps a keyed hash of the network, never the address; an IPv6 /64 is one network", () => {
    expect(networkOf("2001:db8:0:1:aaaa::1")).toBe(networkOf("2001:0db8::1:bbbb:0:0:2"));
    expect(networkOf("2001:db8:0:2::1")).not.toBe(networkOf("2001:db8:0:1::1"));
    expect(networkOf("::ffff:203.0.113.9")).toBe("203.0.113.9");
    const origin = originOf("nonce", "203.0.113.9");
    expect(origin.address).toBeTruthy();
    expect(origin.address).not.toContain("203");
    expect(originOf(null, null)).toEqual({ device: null, address: null });
  });
});

describe("a paid story hidden by reports", () => {
  it("does not lose featured time while it is hidden: its end moves on by the time held", async () => {
    const admin = await createUser("trust_admin", "secret-pass", "admin");
    const author = await createUser("trust_payer", "secret-pass");
    const story = await createStory(author, {
      ...storyInput,
      pricing_tier: "weekly",
      payment_reference: "700701",
    });
    await verifyStoryPayment(story.id, admin);
    const approvedAt = new Date();
    await approveStory(story.id, admin, approvedAt);
    const paidUntil = (await storyRow(story.id)).expires_at!;
    const heldAt = new Date(approvedAt.getTime() + HOUR_MS);
    let first = 0;
    for (const reader of trusted.slice(0, 3)) {
      const r = await report(reader, story.id, from(reader), heldAt);
      first ||= r.id;
    }
    expect((await storyRow(story.id)).status).toBe("pending");
    const dismissedAt = new Date(heldAt.getTime() + 5 * HOUR_MS + 123);
    await decideReport(first, admin, { action: "dismiss" }, dismissedAt);
    const row = await storyRow(story.id);
    expect(row.status).toBe("approved");
    expect(Date.parse(row.expires_at!) - Date.parse(paidUntil)).toBe(5 * HOUR_MS + 123);
    // Where the reports came from is not kept once they are settled.
    const settled = await db.select().from(reports).where(eq(reports.target_id, story.id));
    expect(settled.every((r) => r.device_hash === null && r.address_hash === null)).toBe(true);
  });

  it("approved again from the queue, the same", async () => {
    const admin = await createUser("trust_admin_2", "secret-pass", "admin");
    const author = await createUser("trust_payer_2", "secret-pass");
    const story = await createStory(author, {
      ...storyInput,
      pricing_tier: "weekly",
      payment_reference: "700702",
    });
    await verifyStoryPayment(story.id, admin);
    await approveStory(story.id, admin);
    const paidUntil = (await storyRow(story.id)).expires_at!;
    const heldAt = new Date();
    for (const reader of trusted.slice(0, 3)) await report(reader, story.id, from(reader), heldAt);
    const approved = await approveStory(story.id, admin, new Date(heldAt.getTime() + 2 * DAY_MS));
    expect(Date.parse((await storyRow(story.id)).expires_at!) - Date.parse(paidUntil)).toBe(
      2 * DAY_MS,
    );
    expect(approved.expires_at).toBe((await storyRow(story.id)).expires_at);
  });
});
