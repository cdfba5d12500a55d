import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { readSalts, readVisitors, stories, storyReadSources, storyReads } from "#db/schema";
import { config } from "~/config.server";
import type { ReadEvent } from "~/lib/read-event";
import {
  flushReads,
  forgetPastReadDays,
  readSource,
  recordReads,
} from "~/models/read-count.server";
import { createUser, type User } from "~/models/users.server";
import { action as readsRoute } from "~/routes/resources.reads";
import { loader as storyLoader } from "~/routes/stories.$id";
import { routeArgs } from "./helpers";

/**
 * Issue 42 item 3, decision 061: a visitor is counted once per story and Ulaanbaatar day, by a
 * hash with the day's secret; bots are not counted; nothing stored names an address or a user
 * agent; the front's batches are taken only with its secret; without a front the story's loader
 * counts, and never a request the front passed on.
 */

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 ReadProbe/7.7 Safari/537.36";
const OTHER_BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) ReadProbe/8.8 Mobile Safari";
const ADDRESS = "203.0.113.77";
// 10:00 in Ulaanbaatar on 2030-03-01, and the next day.
const DAY_ONE = Date.parse("2030-03-01T02:00:00Z");
const DAY_TWO = Date.parse("2030-03-02T02:00:00Z");

let author: User;
let storyId: number;
let otherStoryId: number;

async function storyOf(
  owner: User,
  title: string,
  status: "pending" | "approved" | "rejected" = "approved",
) {
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
      approved_at: status === "approved" ? new Date().toISOString() : null,
    })
    .returning({ id: stories.id });
  return row!.id;
}

beforeAll(async () => {
  author = await createUser("rc_author", "secret-pass");
  storyId = await storyOf(author, "Counted story");
  otherStoryId = await storyOf(author, "Another counted story");
});

afterEach(() => {
  config.FRONT_SECRET = undefined;
  config.TRUST_PROXY = false;
});

const read = (over: Partial<ReadEvent> = {}): ReadEvent => ({
  storyId,
  address: ADDRESS,
  userAgent: BROWSER,
  referer: "",
  host: "localhost:3000",
  at: DAY_ONE,
  ...over,
});

async function readsOf(id: number) {
  const rows = await db
    .select({ day: storyReads.day, reads: storyReads.reads })
    .from(storyReads)
    .where(sql`${storyReads.story_id} = ${id}`)
    .orderBy(storyReads.day);
  return Object.fromEntries(rows.map((r) => [r.day, r.reads]));
}

async function sourcesOf(id: number) {
  const rows = await db
    .select()
    .from(storyReadSources)
    .where(sql`${storyReadSources.story_id} = ${id}`);
  return Object.fromEntries(rows.map((r) => [`${r.day} ${r.source}`, r.reads]));
}

describe("counting reads", () => {
  it("counts a visitor once a day per story, again the next day, and forgets the day before", async () => {
    await recordReads([read(), read({ referer: "https://www.Facebook.com/some/path?u=1" })]);
    await recordReads([read()]);
    // Another story, another browser at the same address, another address: each is new.
    await recordReads([
      read({ storyId: otherStoryId }),
      read({ userAgent: OTHER_BROWSER }),
      read({ address: "198.51.100.9" }),
    ]);
    expect(await readsOf(storyId)).toEqual({ "2030-03-01": 3 });
    expect(await readsOf(otherStoryId)).toEqual({ "2030-03-01": 1 });

    await recordReads([read({ at: DAY_TWO }), read({ at: DAY_TWO + 60_000 })]);
    expect(await readsOf(storyId)).toEqual({ "2030-03-01": 3, "2030-03-02": 1 });
    // The day before's secret and hashes are gone: nobody can be recognised across days.
    expect((await db.select().from(readSalts)).map((s) => s.day)).toEqual(["2030-03-02"]);
    const days = new Set((await db.select().from(readVisitors)).map((v) => v.day));
    expect([...days]).toEqual(["2030-03-02"]);
  });

  it("does not count bots nor clients without a user agent", async () => {
    const before = await readsOf(otherStoryId);
    await recordReads([
      read({
        storyId: otherStoryId,
        at: DAY_TWO,
        userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)",
      }),
      read({ storyId: otherStoryId, at: DAY_TWO, userAgent: "curl/8.5.0" }),
      read({ storyId: otherStoryId, at: DAY_TWO, userAgent: "" }),
    ]);
    expect(await readsOf(otherStoryId)).toEqual(before);
  });

  it("names the source: direct, StoryShare's search, another page of it, or a site's domain", async () => {
    expect(readSource("", "localhost:3000")).toBe("direct");
    expect(readSource("http://localhost:3000/search?q=ээж", "localhost:3000")).toBe("search");
    expect(readSource("http://localhost:3000/stories/all?page=2", "localhost:3000")).toBe("site");
    expect(readSource("https://WWW.Facebook.com/groups/123?ref=me", "localhost:3000")).toBe(
      "facebook.com",
    );
    expect(readSource("https://news.ikon.mn/a/1", "localhost:3000")).toBe("news.ikon.mn");
    expect(readSource("not a url", "localhost:3000")).toBe("direct");
    // The first read of the day names the source of that visitor's read.
    expect(await sourcesOf(storyId)).toEqual({
      "2030-03-01 direct": 3,
      "2030-03-02 direct": 1,
    });
    await recordReads([
      read({ at: DAY_TWO, address: "192.0.2.1", referer: "https://www.facebook.com/x" }),
      read({ at: DAY_TWO, address: "192.0.2.2", referer: "http://localhost:3000/search?q=a" }),
    ]);
    expect(await sourcesOf(storyId)).toMatchObject({
      "2030-03-02 facebook.com": 1,
      "2030-03-02 search": 1,
    });
  });

  it("stores no address and no user agent anywhere", async () => {
    const tables = await db.all<{ name: string }>(
      sql`SELECT name FROM sqlite_master WHERE type = 'table'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const { name } of tables) {
      const rows = await db.all(sql.raw(`SELECT * FROM "${name}"`));
      const text = JSON.stringify(rows);
      for (const secret of [ADDRESS, "198.51.100.9", "192.0.2.1", "ReadProbe"]) {
        expect(text, `${name} holds ${secret}`).not.toContain(secret);
      }
    }
  });

  it("skips a story deleted since, without losing the rest of the batch", async () => {
    const gone = await storyOf(author, "Gone story");
    await db.delete(stories).where(sql`id = ${gone}`);
    await recordReads([
      read({ storyId: gone, at: DAY_TWO, address: "192.0.2.50" }),
      read({ storyId: otherStoryId, at: DAY_TWO, address: "192.0.2.50" }),
    ]);
    expect(await readsOf(otherStoryId)).toEqual({ "2030-03-01": 1, "2030-03-02": 1 });
  });

  it("counts only stories readers can see, not one its author or an administrator previews", async () => {
    // Pending (new, or held after reports) and rejected (refused, or hidden after reports).
    const pending = await storyOf(author, "Waiting story", "pending");
    const rejected = await storyOf(author, "Refused story", "rejected");
    await recordReads([
      read({ storyId: pending, at: DAY_TWO }),
      read({ storyId: rejected, at: DAY_TWO }),
    ]);
    expect(await readsOf(pending)).toEqual({});
    expect(await readsOf(rejected)).toEqual({});
    await db.update(stories).set({ status: "approved" }).where(sql`id = ${pending}`);
    await recordReads([read({ storyId: pending, at: DAY_TWO })]);
    expect(await readsOf(pending)).toEqual({ "2030-03-02": 1 });
  });
});

describe("the front's batches (resources.reads)", () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    readsRoute(
      routeArgs(
        new Request("http://127.0.0.1:4000/resources/reads", {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify(body),
        }),
      ),
    ).catch((e: unknown) => e as Response);

  it("are taken with the front's secret in their own header only", async () => {
    config.FRONT_SECRET = "s".repeat(43);
    const batch = { reads: [read({ at: DAY_TWO, address: "192.0.2.60" })] };
    const before = (await readsOf(storyId))["2030-03-02"];
    expect((await post(batch)).status).toBe(404);
    expect((await post(batch, { "x-storyshare-reads": "t".repeat(43) })).status).toBe(404);
    // The header the front adds to every client request does not open this door.
    expect((await post(batch, { "x-storyshare-front": "s".repeat(43) })).status).toBe(404);
    expect((await readsOf(storyId))["2030-03-02"]).toBe(before);
    const taken = await post(batch, { "x-storyshare-reads": "s".repeat(43) });
    expect(taken.status).toBe(204);
    expect((await readsOf(storyId))["2030-03-02"]).toBe(before! + 1);
  });

  it("skip an event beyond the limits and count the rest of the batch", async () => {
    config.FRONT_SECRET = "s".repeat(43);
    const before = (await readsOf(storyId))["2030-03-02"]!;
    const taken = await post(
      {
        reads: [
          read({ at: DAY_TWO, address: "192.0.2.61", userAgent: BROWSER + "x".repeat(2_100) }),
          read({ at: DAY_TWO, address: "192.0.2.62" }),
        ],
      },
      { "x-storyshare-reads": "s".repeat(43) },
    );
    expect(taken.status).toBe(204);
    expect((await readsOf(storyId))["2030-03-02"]).toBe(before + 1);
  });

  it("are refused without the front at all", async () => {
    const answer = await post({ reads: [] }, { "x-storyshare-reads": "" });
    expect(answer.status).toBe(404);
  });
});

describe("without a front, the story's loader counts", () => {
  const visit = (headers: Record<string, string>) =>
    storyLoader(
      routeArgs(
        new Request(`http://localhost:3000/stories/${otherStoryId}`, {
          headers: { host: "localhost:3000", ...headers },
        }),
        { id: String(otherStoryId) },
      ),
    );
  const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

  it("a read once, not a prefetch, a bot, or a request the front passed on", async () => {
    await visit({ "user-agent": BROWSER });
    await visit({ "user-agent": BROWSER });
    await visit({ "user-agent": OTHER_BROWSER, "sec-purpose": "prefetch" });
    await visit({ "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0)" });
    config.FRONT_SECRET = "f".repeat(43);
    config.TRUST_PROXY = true;
    await visit({
      "user-agent": OTHER_BROWSER,
      "x-storyshare-front": "f".repeat(43),
      "x-forwarded-for": "192.0.2.99",
    });
    await flushReads();
    expect((await readsOf(otherStoryId))[today()]).toBe(1);
  });
});

describe("around midnight in Ulaanbaatar", () => {
  // 2030-03-06 00:00 in Ulaanbaatar.
  const MIDNIGHT = Date.parse("2030-03-05T16:00:00Z");
  const saltDays = async () => (await db.select().from(readSalts)).map((s) => s.day).sort();

  it("a batch on both sides counts the day before's visitors once, then its secret is gone", async () => {
    const ana = { address: "192.0.2.80" };
    await recordReads([read({ ...ana, at: MIDNIGHT - 10_000 })], MIDNIGHT - 10_000);
    await recordReads(
      [
        read({ ...ana, at: MIDNIGHT - 1_000 }),
        read({ ...ana, at: MIDNIGHT + 1_000 }),
        read({ address: "192.0.2.81", at: MIDNIGHT - 2_000 }),
      ],
      MIDNIGHT + 2_000,
    );
    expect(await readsOf(storyId)).toMatchObject({ "2030-03-05": 2, "2030-03-06": 1 });
    expect(await saltDays()).toEqual(["2030-03-06"]);
    // A read of the day before that arrives after its secret went is not counted, and does not
    // make the day a new secret.
    await recordReads([read({ address: "192.0.2.82", at: MIDNIGHT - 500 })], MIDNIGHT + 3_000);
    expect(await readsOf(storyId)).toMatchObject({ "2030-03-05": 2, "2030-03-06": 1 });
    expect(await saltDays()).toEqual(["2030-03-06"]);
  });

  it("the day's secret and hashes go when the day is over, without new reads", async () => {
    expect(await saltDays()).toContain("2030-03-06");
    await forgetPastReadDays(MIDNIGHT + 86_400_000 + 1_000);
    expect(await saltDays()).toEqual([]);
    const left = await db
      .select()
      .from(readVisitors)
      .where(sql`${readVisitors.day} < '2030-03-07'`);
    expect(left).toEqual([]);
  });
});
