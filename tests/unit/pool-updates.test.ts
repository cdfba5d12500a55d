import { and, eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import {
  auditLog,
  donationPools,
  mailOptouts,
  outbox,
  poolDonations,
  poolUpdateMedia,
  poolUpdates,
} from "#db/schema";
import { HttpError } from "~/http/http.server";
import { sendDue } from "~/messages/sender.server";
import {
  closePool,
  deleteUpdate,
  listUpdates,
  postUpdate,
  spentTotal,
} from "~/models/pool-updates.server";
import { createUser, type User } from "~/models/users.server";
import { action as closeApi } from "~/routes/api.donation-pools.$id.close";
import {
  loader as updatesApiGet,
  action as updatesApiPost,
} from "~/routes/api.donation-pools.$id.updates";
import { action as updateByIdApi } from "~/routes/api.donation-pools.$id.updates.$updateId";
import { loader as poolPage } from "~/routes/donation-pools.$id._index";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { PoolUpdateSchema } from "~/schemas/pool-update";
import type { TestSmtp } from "../support/smtp-server";
import { withTestMail } from "../support/test-mail";
import { getRequest, jsonRequest, ORIGIN, routeArgs, signInAs } from "./helpers";

/**
 * Campaign updates and the final report (issue 20 item 2, decision 035): the rules, the /api,
 * the one batch, and the mails to the campaign's donors through a real SMTP server.
 */

let admin: User;
let adminCookie = "";
let userCookie = "";
const mails: ParsedMail[] = [];
let smtp: TestSmtp;

const png = (shade: number) =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: { r: shade, g: 80, b: 40 } } })
    .png()
    .toBuffer();
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;

async function newPool(status: "active" | "completed" | "archived" = "active", raised = 0) {
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: `Худаг ${Math.random().toString(36).slice(2, 7)}`,
      description: "Малчдад ус хүргэнэ.",
      goal_amount: 1_000_000,
      current_amount: raised,
      bank_name: "Khan Bank",
      bank_account: "5000123456",
      account_name: "Говь ТББ",
      status,
    })
    .returning({ id: donationPools.id });
  return pool!.id;
}

let pledgeNo = 0;
async function pledge(
  poolId: number,
  email: string | null,
  status: "pending" | "verified" | "rejected" = "verified",
  language = "mn",
) {
  pledgeNo++;
  await db.insert(poolDonations).values({
    pool_id: poolId,
    donor_name: `Хандивлагч ${pledgeNo}`,
    phone_number: "99112233",
    amount: 5000,
    transaction_reference: `TX-${pledgeNo}`,
    status,
    email,
    language,
    status_token: `token-${pledgeNo}-${Math.random()}`,
  });
}

/** A header as sent (mailparser reads List-Unsubscribe into an object). */
const rawHeader = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/^[^:]+:\s*/, "")
    .replace(/\r?\n\s+/g, "") ?? "";

const TEXT = { body_mn: "Худгийн шугам хоолойг татлаа.", body_en: "The well's pipe is laid." };

const api = (path: string, body: unknown, cookie = adminCookie, lng = "mn") =>
  jsonRequest(`${path}?lng=${lng}`, body, { cookie, headers: { origin: ORIGIN } });

const status = (code: number, key?: string) => (e: unknown) =>
  e instanceof HttpError && e.status === code && (!key || e.message.endsWith(key));

beforeAll(async () => {
  smtp = await withTestMail(mails);
  admin = await createUser("update_keeper", "secret-pass", "admin");
  await createUser("update_reader", "secret-pass");
  adminCookie = await signInAs("update_keeper");
  userCookie = await signInAs("update_reader");
});

afterAll(async () => {
  await smtp.stop();
});

describe("the rules of an update", () => {
  const errors = (input: Record<string, unknown>) =>
    PoolUpdateSchema.safeParse(input).error?.flatten().fieldErrors ?? {};
  const v = (key: string) => [`admin:poolUpdates.validation.${key}`];

  it("needs Mongolian text of 10 to 5,000 characters; English is optional", () => {
    expect(PoolUpdateSchema.safeParse({ body_mn: "Арван тэмдэгттэй" }).success).toBe(true);
    expect(errors({}).body_mn).toEqual(v("bodyMin"));
    expect(errors({ body_mn: "  богино  " }).body_mn).toEqual(v("bodyMin"));
    expect(errors({ body_mn: "а".repeat(5001) }).body_mn).toEqual(v("bodyMax"));
    expect(errors({ ...TEXT, body_en: "short" }).body_en).toEqual(v("bodyMin"));
  });

  it("takes an amount spent only with what it went on, and what it went on only with an amount", () => {
    expect(errors({ ...TEXT, spent_amount: 350_000 }).spent_on_mn).toEqual(v("spentOnRequired"));
    expect(errors({ ...TEXT, spent_on_mn: "Хоолой" }).spent_amount).toEqual(v("spentRequired"));
    expect(errors({ ...TEXT, spent_amount: 0, spent_on_mn: "x" }).spent_amount).toEqual(
      v("spentMin"),
    );
    expect(errors({ ...TEXT, spent_amount: "12.5", spent_on_mn: "x" }).spent_amount).toEqual(
      v("spentWhole"),
    );
    expect(
      errors({ ...TEXT, spent_amount: 10_000_000_001, spent_on_mn: "x" }).spent_amount,
    ).toEqual(v("spentMax"));
    expect(
      errors({ ...TEXT, spent_amount: "5", spent_on_mn: "а".repeat(201) }).spent_on_mn,
    ).toEqual(v("spentOnMax"));
    const ok = PoolUpdateSchema.parse({ ...TEXT, spent_amount: " 350000 ", spent_on_mn: "Хоолой" });
    expect(ok.spent_amount).toBe(350_000);
  });

  it("answers the /api in the caller's language", async () => {
    const poolId = await newPool();
    const path = `/api/donation-pools/${poolId}/updates`;
    for (const [lng, message] of [
      ["mn", "Текст дор хаяж 10 тэмдэгт байна."],
      ["en", "The text needs at least 10 characters."],
    ] as const) {
      const res = await updatesApiPost(
        routeArgs(api(path, { body_mn: "богино" }, adminCookie, lng), { id: String(poolId) }),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).fieldErrors.body_mn).toEqual([message]);
    }
    const res = await updatesApiPost(
      routeArgs(api(path, { ...TEXT, spent_amount: 100 }, adminCookie, "en"), {
        id: String(poolId),
      }),
    );
    expect((await res.json()).fieldErrors.spent_on_mn).toEqual([
      "Say what the money was spent on.",
    ]);
  });

  it("is for administrators only", async () => {
    const poolId = await newPool();
    const path = `/api/donation-pools/${poolId}/updates`;
    const as = async (cookie: string) =>
      (await updatesApiPost(routeArgs(api(path, TEXT, cookie), { id: String(poolId) }))).status;
    expect(await as("")).toBe(401);
    expect(await as(userCookie)).toBe(403);
    expect(await listUpdates(poolId)).toEqual([]);
    expect(await as(adminCookie)).toBe(201);
  });

  it("refuses an unknown pool (404) and an archived one (409)", async () => {
    await expect(postUpdate(999_999, TEXT, admin)).rejects.toSatisfy(
      status(404, "errors.notFound"),
    );
    const archived = await newPool("archived");
    await expect(postUpdate(archived, TEXT, admin)).rejects.toSatisfy(
      status(409, "poolUpdates.errors.archived"),
    );
    await expect(closePool(archived, TEXT, admin)).rejects.toSatisfy(status(409));
  });

  it("refuses a seventh photo or receipt picture, and a file that is not an image", async () => {
    const poolId = await newPool();
    const photo = await png(10);
    await expect(
      postUpdate(poolId, { ...TEXT, photos: Array(7).fill(photo) }, admin),
    ).rejects.toSatisfy(status(400, 'photosMax|{"max":6}'));
    await expect(
      postUpdate(poolId, { ...TEXT, receipts: Array(7).fill(photo) }, admin),
    ).rejects.toSatisfy(status(400, 'receiptsMax|{"max":6}'));
    const res = await updatesApiPost(
      routeArgs(
        api(`/api/donation-pools/${poolId}/updates`, {
          ...TEXT,
          photos: Array(7).fill(dataUrl(photo)),
        }),
        { id: String(poolId) },
      ),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors.photos).toEqual(["Хамгийн ихдээ 6 зураг оруулна."]);
    await expect(
      postUpdate(poolId, { ...TEXT, receipts: [Buffer.from("not an image")] }, admin),
    ).rejects.toSatisfy(
      (e) => e instanceof HttpError && e.status === 415 && Boolean(e.fieldErrors?.receipts),
    );
    expect(await listUpdates(poolId)).toEqual([]);
  });
});

describe("posting, listing, deleting", () => {
  it("posts an update with its spending, photos and receipt pictures, audited", async () => {
    const poolId = await newPool();
    const res = await updatesApiPost(
      routeArgs(
        api(`/api/donation-pools/${poolId}/updates`, {
          ...TEXT,
          spent_amount: 350_000,
          spent_on_mn: "Шугам хоолой",
          spent_on_en: "Pipes",
          photos: [dataUrl(await png(20)), dataUrl(await png(30))],
          receipts: [dataUrl(await png(40))],
        }),
        { id: String(poolId) },
      ),
    );
    expect(res.status).toBe(201);
    const update = await res.json();
    expect(update).toMatchObject({
      pool_id: poolId,
      body_mn: TEXT.body_mn,
      body_en: TEXT.body_en,
      spent_amount: 350_000,
      spent_on_mn: "Шугам хоолой",
      spent_on_en: "Pipes",
      is_final: false,
      raised_at_close: null,
    });
    expect(update.photos).toHaveLength(2);
    expect(update.receipts).toHaveLength(1);
    expect(update.photos[0].url).toMatch(/^\/media\/[a-f0-9]{64}$/);
    expect(update.photos[0].thumbnail_url).not.toBe(update.photos[0].url);
    expect(await spentTotal(poolId)).toBe(350_000);

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "pool.update_post"), eq(auditLog.entity_id, String(poolId))));
    expect(JSON.parse(entry!.details!)).toMatchObject({
      update_id: update.id,
      spent_amount: 350_000,
      photos: 2,
      receipts: 1,
    });

    const listed = await updatesApiGet(
      routeArgs(getRequest(`/api/donation-pools/${poolId}/updates`), { id: String(poolId) }),
    );
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([update]);
  });

  it("takes multipart with several files in one field", async () => {
    const poolId = await newPool();
    const form = new FormData();
    form.set("body_mn", TEXT.body_mn);
    for (const shade of [50, 60, 70]) {
      form.append("photos", new Blob([await png(shade)], { type: "image/png" }), "p.png");
    }
    form.append("receipts", new Blob([await png(80)], { type: "image/png" }), "r.png");
    const request = new Request(`${ORIGIN}/api/donation-pools/${poolId}/updates`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: ORIGIN, host: "localhost:3000" },
      body: form,
    });
    const res = await updatesApiPost(routeArgs(request, { id: String(poolId) }));
    expect(res.status).toBe(201);
    const update = await res.json();
    expect(update.photos).toHaveLength(3);
    expect(update.receipts).toHaveLength(1);
  });

  it("lists newest first, 404 for an unknown pool", async () => {
    const poolId = await newPool();
    const first = await postUpdate(poolId, { body_mn: "Эхний мэдээ энэ байна." }, admin);
    const second = await postUpdate(poolId, { body_mn: "Хоёр дахь мэдээ энэ." }, admin);
    expect((await listUpdates(poolId)).map((u) => u.id)).toEqual([second.id, first.id]);
    const res = await updatesApiGet(
      routeArgs(getRequest("/api/donation-pools/999999/updates"), { id: "999999" }),
    );
    expect(res.status).toBe(404);
  });

  it("deletes an update posted by mistake, audited; a second delete is a 404", async () => {
    const poolId = await newPool();
    const update = await postUpdate(
      poolId,
      { ...TEXT, spent_amount: 1000, spent_on_mn: "Андуурал", photos: [await png(90)] },
      admin,
    );
    const path = `/api/donation-pools/${poolId}/updates/${update.id}`;
    const del = (cookie: string) =>
      updateByIdApi(
        routeArgs(
          new Request(`${ORIGIN}${path}`, {
            method: "DELETE",
            headers: { cookie, origin: ORIGIN, host: "localhost:3000" },
          }),
          { id: String(poolId), updateId: String(update.id) },
        ),
      );
    expect((await del(userCookie)).status).toBe(403);
    const res = await del(adminCookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: update.id, deleted: true });
    expect(await listUpdates(poolId)).toEqual([]);
    expect(await spentTotal(poolId)).toBe(0);
    const media = await db
      .select()
      .from(poolUpdateMedia)
      .where(eq(poolUpdateMedia.update_id, update.id));
    expect(media).toEqual([]);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "pool.update_delete"));
    expect(JSON.parse(entry!.details!)).toMatchObject({ update_id: update.id, spent_amount: 1000 });
    expect((await del(adminCookie)).status).toBe(404);
    // Another pool's id with this update's: not found either.
    await expect(deleteUpdate(poolId + 1, update.id, admin)).rejects.toSatisfy(status(404));
  });

  it("writes the update, its pictures, its mails and its audit row together or not at all", async () => {
    const poolId = await newPool();
    await pledge(poolId, "atomic@example.mn");
    const before = await db.select({ n: sql<number>`count(*)` }).from(outbox);
    await db.run(sql`CREATE TRIGGER refuse_update_media BEFORE INSERT ON pool_update_media
      BEGIN SELECT RAISE(ABORT, 'no pictures today'); END`);
    try {
      await expect(
        postUpdate(poolId, { ...TEXT, photos: [await png(100)] }, admin),
      ).rejects.toThrow();
      await expect(
        closePool(poolId, { ...TEXT, receipts: [await png(110)] }, admin),
      ).rejects.toThrow();
    } finally {
      await db.run(sql`DROP TRIGGER refuse_update_media`);
    }
    expect(await db.select().from(poolUpdates).where(eq(poolUpdates.pool_id, poolId))).toEqual([]);
    expect(await db.select({ n: sql<number>`count(*)` }).from(outbox)).toEqual(before);
    const audited = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(poolId)));
    expect(audited).toEqual([]);
    const [pool] = await db.select().from(donationPools).where(eq(donationPools.id, poolId));
    expect(pool!.status).toBe("active");
  });
});

describe("closing a campaign with its final report", () => {
  it("records what was raised, completes the pool, and refuses a second report (409)", async () => {
    const poolId = await newPool("active", 420_000);
    await postUpdate(poolId, { ...TEXT, spent_amount: 300_000, spent_on_mn: "Хоолой" }, admin);
    const res = await closeApi(
      routeArgs(
        api(`/api/donation-pools/${poolId}/close`, {
          body_mn: "Үлдсэн мөнгийг дараагийн худагт шилжүүлнэ.",
          spent_amount: 100_000,
          spent_on_mn: "Насос",
        }),
        { id: String(poolId) },
      ),
    );
    expect(res.status).toBe(201);
    const report = await res.json();
    expect(report).toMatchObject({ is_final: true, raised_at_close: 420_000 });
    expect(await spentTotal(poolId)).toBe(400_000);
    const [pool] = await db.select().from(donationPools).where(eq(donationPools.id, poolId));
    expect(pool!.status).toBe("completed");
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "pool.close"), eq(auditLog.entity_id, String(poolId))));
    expect(JSON.parse(entry!.details!)).toMatchObject({ update_id: report.id, from: "active" });

    const again = await closeApi(
      routeArgs(api(`/api/donation-pools/${poolId}/close`, TEXT, adminCookie, "en"), {
        id: String(poolId),
      }),
    );
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("This campaign already has its final report.");
    // The unique index holds even when the service's own check is passed by (two at once).
    await expect(
      db.insert(poolUpdates).values({ pool_id: poolId, body_mn: "x", is_final: true }),
    ).rejects.toThrow();
  });

  it("two administrators closing at once make one report", async () => {
    const poolId = await newPool();
    const results = await Promise.allSettled([
      closePool(poolId, TEXT, admin),
      closePool(poolId, TEXT, admin),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(status(409)(refused.reason)).toBe(true);
    const finals = (await listUpdates(poolId)).filter((u) => u.is_final);
    expect(finals).toHaveLength(1);
  });

  it("the pool page's loader gives the updates, the final report among them", async () => {
    const poolId = await newPool("active", 50_000);
    await postUpdate(poolId, { ...TEXT, spent_amount: 20_000, spent_on_mn: "Хоолой" }, admin);
    await closePool(poolId, { body_mn: "Үлдэгдлийг сургуульд өгнө." }, admin);
    const result = (await poolPage(
      routeArgs(getRequest(`/donation-pools/${poolId}`), { id: String(poolId) }),
    )) as { updates: Awaited<ReturnType<typeof listUpdates>> };
    expect(result.updates.map((u) => u.is_final)).toEqual([true, false]);
    expect(result.updates[0]!.raised_at_close).toBe(50_000);
  });
});

describe("the donors are told, by e-mail", () => {
  it("one mail per distinct address of the pool's live pledges, in its language, with the one-click unsubscribe", async () => {
    const poolId = await newPool();
    const other = await newPool();
    await pledge(poolId, "Saraa@Example.mn", "pending");
    await pledge(poolId, "saraa@example.mn ", "verified");
    await pledge(poolId, "bold@example.mn", "verified", "en");
    await pledge(poolId, "rejected@example.mn", "rejected");
    await pledge(poolId, null, "verified");
    await pledge(other, "other@example.mn", "verified");
    await sendDue(Date.now() + 86_400_000);
    mails.length = 0;

    const update = await postUpdate(
      poolId,
      { ...TEXT, spent_amount: 350_000, spent_on_mn: "Шугам хоолой", spent_on_en: "Pipes" },
      admin,
    );
    const queued = await db
      .select()
      .from(outbox)
      .where(
        sql`${outbox.kind} = 'pool.update' AND json_extract(${outbox.params}, '$.update_id') = ${update.id}`,
      );
    expect(queued.map((r) => r.recipient).sort()).toEqual(
      ["bold@example.mn", "saraa@example.mn"].sort(),
    );
    expect(queued.find((r) => r.recipient === "bold@example.mn")?.language).toBe("en");

    while ((await sendDue()) > 0);
    expect(mails).toHaveLength(2);
    const to = (m: ParsedMail) => (m.to && "text" in m.to ? m.to.text : "");
    const mn = mails.find((m) => to(m).startsWith("saraa"))!;
    const en = mails.find((m) => to(m) === "bold@example.mn")!;
    expect(mn.subject).toMatch(/^«Худаг \w+» аяны шинэ мэдээ$/);
    expect(mn.text).toContain(TEXT.body_mn);
    expect(mn.text).toContain("Зарцуулсан: 350,000₮ — Шугам хоолой");
    expect(en.subject).toMatch(/^News from the «Худаг \w+» campaign$/);
    expect(en.text).toContain(TEXT.body_en);
    expect(en.text).toContain("Spent: 350,000₮ — Pipes");
    expect(en.text).toContain(`https://storyshare.test/donation-pools/${poolId}#updates`);
    const header = rawHeader(en, "list-unsubscribe");
    expect(header).toMatch(
      /^<https:\/\/storyshare\.test\/unsubscribe\?e=bold%40example\.mn&g=updates&s=/,
    );
    expect(rawHeader(en, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    // Opened in a browser, the link asks first; the mail program's one-click POST, with no
    // session, is done at once: that address gets no more updates.
    const link = new URL(header.slice(1, -1));
    const asked = (await unsubscribeLoader(
      routeArgs(getRequest(`/unsubscribe${link.search}`)),
    )) as { group: string | null };
    expect(asked.group).toBe("updates");
    expect(await db.select().from(mailOptouts)).toEqual([]);
    const res = (await unsubscribeAction(
      routeArgs(
        new Request(`${ORIGIN}/unsubscribe${link.search}`, {
          method: "POST",
          headers: { host: "localhost:3000", "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
      ),
    )) as Response;
    expect(res.status).toBe(200);
    expect(await db.select().from(mailOptouts)).toMatchObject([
      { email: "bold@example.mn", kind: "updates" },
    ]);
    // A forged link changes nothing.
    const forged = new URL(link);
    forged.searchParams.set("e", "saraa@example.mn");
    const refused = (await unsubscribeAction(
      routeArgs(
        new Request(`${ORIGIN}/unsubscribe${forged.search}`, {
          method: "POST",
          headers: { host: "localhost:3000", "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
      ),
    )) as Response;
    expect(refused.status).toBe(404);

    mails.length = 0;
    await closePool(poolId, { body_mn: "Үлдсэн мөнгийг дараагийн аянд өгнө." }, admin);
    while ((await sendDue()) > 0);
    expect(mails.map(to)).toEqual(["saraa@example.mn"]);
    expect(mails[0]!.subject).toMatch(/аян дууслаа: эцсийн тайлан$/);
    expect(mails[0]!.text).toContain("Үлдэгдэл: 0₮");
  });

  it("queues 10,000 donors' mails in the update's one statement", async () => {
    const poolId = await newPool();
    await db.run(sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
      INSERT INTO pool_donations (pool_id, donor_name, phone_number, amount,
                                  transaction_reference, status, email, status_token)
      SELECT ${poolId}, 'Donor ' || i, '99112233', 1000, 'BULK-' || i, 'verified',
             'donor' || i || '@example.mn', 'bulk-' || ${poolId} || '-' || i FROM n`);
    const update = await postUpdate(poolId, TEXT, admin);
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)` })
      .from(outbox)
      .where(sql`json_extract(${outbox.params}, '$.update_id') = ${update.id}`);
    expect(n).toBe(10_000);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "pool.update_post"), eq(auditLog.entity_id, String(poolId))));
    expect(JSON.parse(entry!.details!).mails).toBe(10_000);
    // Not sent here: the rows are what this test is about.
    await db
      .delete(outbox)
      .where(sql`json_extract(${outbox.params}, '$.update_id') = ${update.id}`);
  });

  it("an update deleted before its mail goes out is not sent", async () => {
    const poolId = await newPool();
    await pledge(poolId, "late@example.mn");
    const update = await postUpdate(poolId, TEXT, admin);
    await deleteUpdate(poolId, update.id, admin);
    mails.length = 0;
    while ((await sendDue()) > 0);
    expect(mails).toEqual([]);
    const [row] = await db.select().from(outbox).where(eq(outbox.recipient, "late@example.mn"));
    expect(row?.status).toBe("skipped");
  });
});
