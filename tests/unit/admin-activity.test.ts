import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { stories } from "#db/schema";
import { rejectStory } from "~/models/moderation.server";
import { createUser, type User } from "~/models/users.server";
import { loader as adminLayout } from "~/routes/admin";
import { loader as adminIndex } from "~/routes/admin._index";
import { loader as activity } from "~/routes/admin.activity";
import { expectSentAway, getRequest, type RouteArgs, routeArgs, signInAs } from "./helpers";

let admin: User;
let adminCookie: string;
let userCookie: string;

type Loader = (args: RouteArgs) => Promise<unknown>;
const load = (fn: Loader, path: string, cookie?: string) =>
  fn(routeArgs(getRequest(path, cookie))) as Promise<Awaited<ReturnType<typeof activity>>>;

beforeAll(async () => {
  admin = await createUser("auditor", "secret-pass", "admin");
  const author = await createUser("story_teller", "secret-pass");
  adminCookie = await signInAs("auditor");
  userCookie = await signInAs("story_teller");
  // Straight into the table: the submission service's rate limit is not what is tested here.
  const created = await db
    .insert(stories)
    .values(
      Array.from({ length: 23 }, (_, i) => ({
        user_id: author.id,
        author: author.username,
        title: `Түүх ${i}`,
        story: "Намрын нэгэн өдөр.",
        pricing_tier: "free" as const,
        bank_name: "TDB",
        bank_account: "123456",
      })),
    )
    .returning({ id: stories.id });
  for (const { id } of created) await rejectStory(id, admin);
});

describe("/admin activity (audit log)", () => {
  it("sends users to / and visitors to sign in, from the frame and the tab", async () => {
    for (const cookie of [undefined, userCookie]) {
      for (const [fn, path] of [
        [adminLayout, "/admin"],
        [adminIndex, "/admin"],
        [activity, "/admin/activity"],
      ] as const) {
        const thrown = await load(fn, path, cookie).catch((e: unknown) => e);
        expect(thrown).toBeInstanceOf(Response);
        expect((thrown as Response).status).toBe(302);
        expectSentAway(thrown as Response, cookie);
      }
    }
  });

  it("/admin opens the overview (issue 42), not a redirect to approvals", async () => {
    const data = (await load(adminIndex, "/admin", adminCookie)) as unknown;
    expect(data).not.toBeInstanceOf(Response);
    expect(data).toHaveProperty("overview.waits");
  });

  it("lists who did what, newest first, 20 a page", async () => {
    const first = await load(activity, "/admin/activity", adminCookie);
    expect(first.log.total).toBeGreaterThanOrEqual(23);
    expect(first.log.items).toHaveLength(20);
    expect(first.log.pageCount).toBe(Math.ceil(first.log.total / 20));
    const entry = first.log.items.find((e) => e.action === "story.reject")!;
    expect(entry).toMatchObject({ actor_username: "auditor", entity_type: "story" });
    expect(entry.details).toMatchObject({ title: expect.stringMatching(/^Түүх \d+$/) });
    const times = first.log.items.map((e) => `${e.created_at}|${String(e.id).padStart(9, "0")}`);
    expect(times).toEqual([...times].sort().reverse());
    const second = await load(activity, "/admin/activity?page=2", adminCookie);
    expect(second.log.items.map((e) => e.id)).not.toContain(first.log.items[0]!.id);
  });

  it("filters by one action; an unknown filter shows everything", async () => {
    const data = await load(activity, "/admin/activity?action=story.reject", adminCookie);
    expect(data.actions).toContain("story.reject");
    expect(data.action).toBe("story.reject");
    expect(data.log.total).toBe(23);
    expect(new Set(data.log.items.map((e) => e.action))).toEqual(new Set(["story.reject"]));
    const unknown = await load(activity, "/admin/activity?action=%25", adminCookie);
    expect(unknown.action).toBeNull();
    expect(unknown.log.total).toBeGreaterThanOrEqual(23);
  });

  it("names the records by what they are now, and says when one is gone (issue 16)", async () => {
    const data = await load(activity, "/admin/activity?action=story.reject", adminCookie);
    const entry = data.log.items[0]!;
    expect(data.names[`story:${entry.entity_id}`]?.name).toMatch(/^Түүх \d+$/);
    await db.delete(stories).where(eq(stories.id, Number(entry.entity_id)));
    const after = await load(activity, "/admin/activity?action=story.reject", adminCookie);
    expect(after.names[`story:${entry.entity_id}`]).toBeUndefined();
    // The entry itself still says what the story was.
    expect(after.log.items.find((e) => e.id === entry.id)?.details).toMatchObject({
      title: expect.stringMatching(/^Түүх \d+$/),
    });
  });

  it("every action the code records has its words in both languages", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const recorded = new Set<string>();
    for (const file of readdirSync("app/models")) {
      const source = readFileSync(`app/models/${file}`, "utf8");
      // The action names written to the log: the quoted "family.name" at each audit call.
      for (const call of source.matchAll(/(auditEntry|auditIfChanged)\(([\s\S]{0,200}?)\)/g)) {
        for (const m of call[2]!.matchAll(/"([a-z]+\.[a-z_]+)"/g)) recorded.add(m[1]!);
      }
      for (const m of source.matchAll(/action: "([a-z]+\.[a-z_]+)"/g)) recorded.add(m[1]!);
    }
    expect(recorded.size).toBeGreaterThan(15);
    for (const lng of ["mn", "en"]) {
      const catalogue = JSON.parse(readFileSync(`app/locales/${lng}/admin.json`, "utf8"));
      const actions = catalogue.activity.actions as Record<string, Record<string, string>>;
      for (const action of recorded) {
        const [family, name] = action.split(".");
        expect(actions[family!]?.[name!], `${lng} ${action}`).toBeTruthy();
      }
    }
  });
});
