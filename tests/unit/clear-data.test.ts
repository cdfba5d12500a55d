import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";
import { count, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import {
  auditLog,
  comments,
  donationPools,
  donations,
  faqEntries,
  media,
  outbox,
  poolDonations,
  qpayInvoices,
  settings,
  statementImports,
  statementLines,
  stories,
  storyDrafts,
  storyHearts,
  users,
} from "#db/schema";
import { seed } from "#db/seed";
import { config } from "~/config.server";
import en from "~/locales/en/admin.json";
import mn from "~/locales/mn/admin.json";
import { CLEAR_CONFIRMATION_WORDS } from "~/models/clear-data.server";
import { importStatement } from "~/models/statement-import.server";
import { createUser } from "~/models/users.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.settings";
import { action as clearApi } from "~/routes/api.clear-all-data";
import { formRequest, getRequest, jsonRequest, routeArgs, signInAs } from "./helpers";

let adminCookie: string;
let userCookie: string;

// biome-ignore lint/suspicious/noExplicitAny: any table of the schema
const countOf = async (table: any) => (await db.select({ n: count() }).from(table))[0]!.n;

async function snapshot() {
  return {
    stories: await countOf(stories),
    comments: await countOf(comments),
    hearts: await countOf(storyHearts),
    poolDonations: await countOf(poolDonations),
    donations: await countOf(donations),
    statementLines: await countOf(statementLines),
    statementImports: await countOf(statementImports),
    messages: await countOf(outbox),
    users: await countOf(users),
    pools: await countOf(donationPools),
    faq: await countOf(faqEntries),
    settings: await db.select().from(settings).orderBy(settings.key),
  };
}

async function addGeneralDonation() {
  await db.insert(donations).values({
    donor_name: "Бат",
    phone_number: "99119911",
    amount: 5000,
    bank_name: "TDB",
    status: "verified",
    status_token: `tok-${Math.random()}`,
  });
}

const clear = (body: unknown, cookie?: string) =>
  clearApi(routeArgs(jsonRequest("/api/clear-all-data", body, { cookie })));

/** Pools whose total is not the sum of their verified donations (should be none). */
const poolsOutOfBalance = async () =>
  db
    .select({ id: donationPools.id })
    .from(donationPools)
    .where(
      sql`${donationPools.current_amount} <> (SELECT coalesce(sum(amount), 0) FROM pool_donations d
        WHERE d.pool_id = ${donationPools.id} AND d.status = 'verified')`,
    );

beforeAll(async () => {
  await seed();
  await addGeneralDonation();
  const boss = await createUser("boss", "secret-pass", "admin");
  // A statement that pays some of the demo pledges (docs/bank-statements).
  const khan = readFileSync(path.resolve("docs/bank-statements/khan-bank.xlsx"));
  await importStatement({ name: "khan-bank.xlsx", bytes: new Uint8Array(khan) }, "auto", boss);
  await createUser("reader_x", "secret-pass");
  adminCookie = await signInAs("boss");
  userCookie = await signInAs("reader_x");
});

describe("clear all data", () => {
  it("the on-screen words are the ones the server accepts", () => {
    expect(mn.clearData.word).toBe(CLEAR_CONFIRMATION_WORDS.mn);
    expect(en.clearData.word).toBe(CLEAR_CONFIRMATION_WORDS.en);
  });

  it("API: 401 anonymous, 403 user, 400 without the typed word; nothing removed", async () => {
    const before = await snapshot();
    expect(before.stories).toBeGreaterThan(0);
    expect(before.comments).toBeGreaterThan(0);
    expect(before.poolDonations).toBeGreaterThan(0);
    expect((await clear({ confirmation: "DELETE" })).status).toBe(401);
    expect((await clear({ confirmation: "DELETE" }, userCookie)).status).toBe(403);
    for (const body of [{}, { confirmation: "delete it" }, { confirmation: 1 }]) {
      const res = await clear(body, adminCookie);
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors.confirmation).toHaveLength(1);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("backs up, removes stories, comments, hearts, donations and story-only media; keeps the rest", async () => {
    const poolPhotos = (
      await db
        .select({ a: donationPools.photo_1, b: donationPools.photo_2, c: donationPools.photo_3 })
        .from(donationPools)
    )
      .flatMap((p) => [p.a, p.b, p.c])
      .filter((id): id is string => Boolean(id));
    expect(poolPhotos.length).toBeGreaterThan(0);
    const storyImages = (
      await db.select({ id: stories.story_image }).from(stories).where(sql`story_image IS NOT NULL`)
    ).map((r) => r.id!);
    const storyOnly = storyImages.filter((id) => !poolPhotos.includes(id));
    expect(storyOnly.length).toBeGreaterThan(0);
    const pools = await db.select().from(donationPools);
    expect(pools.some((p) => p.current_amount > 0)).toBe(true);

    // A notification to a donor, with their number in it.
    await db.insert(outbox).values({
      dedupe_key: "donations:1:received:sms",
      channel: "sms",
      recipient: "99119911",
      kind: "donation.received",
    });
    const before = await snapshot();
    expect(before.messages).toBe(1);
    const res = await clear({ confirmation: " delete " }, adminCookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.removed).toMatchObject({
      stories: before.stories,
      comments: before.comments,
      hearts: before.hearts,
      poolDonations: before.poolDonations,
      donations: before.donations,
    });
    expect(body.removed.media).toBeGreaterThanOrEqual(storyOnly.length);

    // Removed…
    const after = await snapshot();
    expect(before.statementLines).toBeGreaterThan(0);
    expect(after).toMatchObject({
      stories: 0,
      comments: 0,
      hearts: 0,
      poolDonations: 0,
      donations: 0,
      statementLines: 0,
      statementImports: 0,
      messages: 0,
    });
    // …and kept: users, pools, FAQ, settings.
    expect(after.users).toBe(before.users);
    expect(after.pools).toBe(before.pools);
    expect(after.faq).toBe(before.faq);
    expect(after.settings).toEqual(before.settings);
    // Pool totals equal the sum of verified donations (now none).
    expect(await poolsOutOfBalance()).toEqual([]);
    expect((await db.select().from(donationPools)).every((p) => p.current_amount === 0)).toBe(true);
    // Story pictures gone, pool pictures kept.
    for (const id of storyOnly)
      expect(await db.query.media.findFirst({ where: eq(media.id, id) })).toBeUndefined();
    for (const id of poolPhotos)
      expect(await db.query.media.findFirst({ where: eq(media.id, id) })).toBeTruthy();

    // The backup is a database that opens and holds the old rows.
    expect(body.backup).toMatch(/backups[\\/]app-[\dTZ-]+\.db$/);
    expect(path.dirname(body.backup)).toBe(path.resolve(config.DATA_DIR, "backups"));
    expect(existsSync(body.backup)).toBe(true);
    const copy = createClient({ url: `file:${body.backup}` });
    try {
      const n = async (table: string) =>
        Number((await copy.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
      expect(await n("stories")).toBe(before.stories);
      expect(await n("comments")).toBe(before.comments);
      expect(await n("pool_donations")).toBe(before.poolDonations);
      expect(await n("donations")).toBe(before.donations);
      expect(await n("users")).toBe(before.users);
    } finally {
      copy.close();
    }
    expect(readFileSync(`${body.backup}.media.txt`, "utf8")).toContain(storyOnly[0]);

    // Audited, with the counts and the backup's location.
    const audit = (await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
    expect(audit).toMatchObject({ action: "data.clear_all", actor_username: "boss" });
    expect(JSON.parse(audit.details!)).toMatchObject({
      backup: body.backup,
      stories: before.stories,
      comments: before.comments,
      donations: before.donations,
    });
  });

  it("removes authors' drafts with their pictures, and the QPay invoices of the removed gifts and stories", async () => {
    const author = await createUser("drafting_author", "secret-pass");
    const [story] = await db
      .insert(stories)
      .values({
        author: author.username,
        user_id: author.id,
        title: "Төлбөртэй түүх",
        story: "Өвлийн нэгэн өдөр.",
        pricing_tier: "weekly",
        bank_name: "TDB",
        bank_account: "123456",
      })
      .returning({ id: stories.id });
    await addGeneralDonation();
    const [gift] = await db.select({ id: donations.id }).from(donations).limit(1);
    // A picture only a draft holds, and the draft that holds it with its code.
    const draftImage = "d".repeat(64);
    await db
      .insert(media)
      .values({ id: draftImage, kind: "image", mime_type: "image/webp", size: 10 });
    await db.insert(storyDrafts).values({
      user_id: author.id,
      payment_reference: "654080",
      image_id: draftImage,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const invoice = (kind: "story" | "general", id: number, n: number) => ({
      target_kind: kind,
      target_id: id,
      status: "open" as const,
      sender_invoice_no: `CLR-${n}`,
      amount: 5000,
      callback_token: `clear-callback-${n}`,
    });
    await db
      .insert(qpayInvoices)
      .values([invoice("story", story!.id, 1), invoice("general", gift!.id, 2)]);

    const res = await clear({ confirmation: "DELETE" }, adminCookie);
    expect(res.status).toBe(200);
    expect(await countOf(storyDrafts)).toBe(0);
    expect(await countOf(qpayInvoices)).toBe(0);
    expect(await db.query.media.findFirst({ where: eq(media.id, draftImage) })).toBeUndefined();
    // The author's account stays; only what they were writing goes.
    expect(await db.query.users.findFirst({ where: eq(users.id, author.id) })).toBeTruthy();
  });

  it("settings tab: wrong word refused with a field error; the right one redirects to the backup's name", async () => {
    await db.insert(stories).values({
      author: "reader_x",
      title: "Шинэ түүх",
      story: "Хаврын нэгэн өглөө.",
      pricing_tier: "free",
      bank_name: "TDB",
      bank_account: "123456",
    });
    await addGeneralDonation();
    const before = await snapshot();
    expect(before.stories).toBeGreaterThan(0);
    const post = (confirmation: string) =>
      settingsAction(
        routeArgs(formRequest("/admin/settings", { intent: "clear", confirmation }, adminCookie)),
      ) as Promise<Response>;

    const wrong = await post("DELET");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      intent: "clear",
      result: { error: { confirmation: ["admin:clearData.errors.confirmation"] } },
      toast: { type: "error", title: "admin:clearData.toast.failed" },
    });
    expect(await snapshot()).toEqual(before);

    const res = await post("устгах");
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^\/admin\/settings\?backup=app-[\dTZ-]+(-\d+)?\.db$/);
    expect(res.headers.get("Set-Cookie")).toMatch(/storyshare_toast/);
    expect((await snapshot()).stories).toBe(0);

    const page = await settingsLoader(routeArgs(getRequest(location, adminCookie)));
    expect(page.lastBackup).toBe(
      path.join(page.backupDir!, new URL(location, "http://x").searchParams.get("backup")!),
    );
    const forged = await settingsLoader(
      routeArgs(getRequest("/admin/settings?backup=../app.db", adminCookie)),
    );
    expect(forged.lastBackup).toBeNull();
  });
});
