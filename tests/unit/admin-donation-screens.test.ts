import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, donationPools, donations, poolDonations } from "#db/schema";
import { parseReferenceList } from "~/models/donation-batch.server";
import { createGeneralDonation, createPledge } from "~/models/donation-create.server";
import { readToast } from "~/models/sessions.server";
import { createUser } from "~/models/users.server";
import { loader as donationsLayout } from "~/routes/admin.donations";
import { loader as donationsIndex } from "~/routes/admin.donations._index";
import { action as newPoolAction, loader as newPoolLoader } from "~/routes/admin.donations.new";
import { action as pendingAction, loader as pendingLoader } from "~/routes/admin.donations.pending";
import { action as poolsAction, loader as poolsLoader } from "~/routes/admin.donations.pools";
import { action as verifyGeneralApi } from "~/routes/api.donations.$id.verify";
import { tinyMp4 } from "./fixtures/tiny-video";
import {
  cookiesFrom,
  expectSentAway,
  formRequest,
  getRequest,
  ORIGIN,
  type RouteArgs,
  routeArgs,
  signInAs,
} from "./helpers";

let adminCookie: string;
let userCookie: string;
let poolId: number;
let otherPoolId: number;

type Fn = (args: RouteArgs) => Promise<unknown>;
const call = (fn: Fn, request: Request) => fn(routeArgs(request));
const post = (fn: Fn, path: string, fields: Record<string, string>, cookie = adminCookie) =>
  call(fn, formRequest(path, fields, cookie)) as Promise<Response>;

/** The toast a redirect carries (the flash cookie), as the next page would read it. */
async function toastOf(res: Response) {
  const cookie = cookiesFrom(res);
  return (await readToast(getRequest("/", cookie))).toast;
}

const poolTotal = async (id: number) =>
  (await db.select().from(donationPools).where(eq(donationPools.id, id)))[0]!.current_amount;
/** The invariant of DESIGN §4: a pool's total is the sum of its verified donations. */
async function expectTotalsConsistent() {
  for (const id of [poolId, otherPoolId]) {
    const verified = await db.select().from(poolDonations).where(eq(poolDonations.pool_id, id));
    const sum = verified.filter((d) => d.status === "verified").reduce((s, d) => s + d.amount, 0);
    expect(await poolTotal(id)).toBe(sum);
  }
}

let phone = 88_000_000;
const pledge = (pool: number, reference: string, amount = 1000) =>
  createPledge(
    pool,
    {
      donor_name: "Болд",
      phone_number: String(phone++),
      amount,
      transaction_reference: reference,
    },
    getRequest("/"),
  );
const general = (reference: string, amount = 5000) =>
  createGeneralDonation(
    {
      donor_name: "Сараа",
      phone_number: String(phone++),
      amount,
      bank_name: "TDB",
      transaction_reference: reference,
    },
    getRequest("/"),
  );

beforeAll(async () => {
  await createUser("treasurer", "secret-pass", "admin");
  await createUser("reader", "secret-pass");
  adminCookie = await signInAs("treasurer");
  userCookie = await signInAs("reader");
  const rows = await db
    .insert(donationPools)
    .values(
      ["Эмнэлэг", "Цэцэрлэг"].map((name) => ({
        name,
        description: "Тайлбар",
        goal_amount: 100_000,
        bank_name: "TDB",
        bank_account: "123456",
        account_name: "ТББ",
      })),
    )
    .returning({ id: donationPools.id });
  poolId = rows[0]!.id;
  otherPoolId = rows[1]!.id;
});

describe("admin donations screens: administrators only", () => {
  it("sends users to / and visitors to sign in from every loader", async () => {
    for (const cookie of [undefined, userCookie]) {
      for (const [fn, path] of [
        [donationsLayout, "/admin/donations"],
        [donationsIndex, "/admin/donations"],
        [poolsLoader, "/admin/donations/pools"],
        [pendingLoader, "/admin/donations/pending"],
        [newPoolLoader, "/admin/donations/new"],
      ] as const) {
        const thrown = await call(fn, getRequest(path, cookie)).catch((e: unknown) => e);
        expect((thrown as Response).status).toBe(302);
        expectSentAway(thrown as Response, cookie);
      }
    }
  });

  it("refuses their actions and changes nothing", async () => {
    const p = await pledge(poolId, "NOPE-1");
    for (const cookie of [undefined, userCookie]) {
      for (const [fn, path, fields] of [
        [
          poolsAction,
          "/admin/donations/pools",
          { intent: "status-archived", id: String(poolId), status: "archived" },
        ],
        [pendingAction, "/admin/donations/pending", { intent: "verify", id: `pool:${p.id}` }],
        [
          pendingAction,
          "/admin/donations/pending",
          { intent: "verify-references", references: "NOPE-1" },
        ],
        [newPoolAction, "/admin/donations/new", { intent: "create", name: "Hack" }],
      ] as const) {
        const thrown = await post(fn, path, fields, cookie ?? "").catch((e: unknown) => e);
        expectSentAway(thrown as Response, cookie);
      }
    }
    const [row] = await db.select().from(donationPools).where(eq(donationPools.id, poolId));
    expect(row!.status).toBe("active");
    expect(await poolTotal(poolId)).toBe(0);
  });

  it("/admin/donations opens the pools sub-tab", async () => {
    const res = (await call(
      donationsIndex,
      getRequest("/admin/donations", adminCookie),
    )) as Response;
    expect(res.headers.get("Location")).toBe("/admin/donations/pools");
  });
});

describe("pools sub-tab", () => {
  it("lists every pool, archived too, with status and money", async () => {
    await db
      .update(donationPools)
      .set({ status: "archived" })
      .where(eq(donationPools.id, otherPoolId));
    const { pools } = (await call(
      poolsLoader,
      getRequest("/admin/donations/pools", adminCookie),
    )) as Awaited<ReturnType<typeof poolsLoader>>;
    const other = pools.items.find((p) => p.id === otherPoolId);
    expect(other).toMatchObject({ status: "archived", goal_amount: 100_000, current_amount: 0 });
    await db
      .update(donationPools)
      .set({ status: "active" })
      .where(eq(donationPools.id, otherPoolId));
  });

  it("sets any status from any status, with a toast and an audit entry", async () => {
    for (const status of ["completed", "archived", "active", "archived", "completed", "active"]) {
      const res = await post(poolsAction, "/admin/donations/pools", {
        intent: `status-${status}`,
        id: String(poolId),
        status,
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/admin/donations/pools");
      expect(await toastOf(res)).toMatchObject({
        type: "success",
        title: "admin:donations.toast.statusUpdated",
        description: `admin:donations.toast.statusNow.${status}`,
      });
      const [row] = await db.select().from(donationPools).where(eq(donationPools.id, poolId));
      expect(row!.status).toBe(status);
    }
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, "pool.status"));
    expect(entries.length).toBeGreaterThanOrEqual(6);
  });

  it("a bad status or an unknown pool is an error toast, not an error page", async () => {
    const bad = await post(poolsAction, "/admin/donations/pools", {
      intent: "status-x",
      id: String(poolId),
      status: "deleted",
    });
    expect(await toastOf(bad)).toMatchObject({
      type: "error",
      title: "admin:donations.toast.statusFailed",
      description: "admin:errors.poolStatus",
    });
    const gone = await post(poolsAction, "/admin/donations/pools", {
      intent: "status-active",
      id: "999999",
      status: "active",
    });
    expect(await toastOf(gone)).toMatchObject({ description: "donate:errors.poolNotFound" });
  });
});

describe("pending sub-tab", () => {
  it("lists pool pledges and site donations together, oldest first", async () => {
    const a = await pledge(poolId, "LIST-A", 1200);
    const b = await general("LIST-B", 3000);
    const { pending } = (await call(
      pendingLoader,
      getRequest("/admin/donations/pending", adminCookie),
    )) as Awaited<ReturnType<typeof pendingLoader>>;
    const keys = pending.items.map((d) => d.key);
    expect(keys).toEqual(expect.arrayContaining([`pool:${a.id}`, `general:${b.id}`]));
    expect(keys.indexOf(`pool:${a.id}`)).toBeLessThan(keys.indexOf(`general:${b.id}`));
    expect(pending.items.find((d) => d.key === `pool:${a.id}`)).toMatchObject({
      pool_name: "Эмнэлэг",
      donor_name: "Болд",
      amount: 1200,
      transaction_reference: "LIST-A",
    });
    expect(pending.items.find((d) => d.key === `general:${b.id}`)).toMatchObject({
      pool_id: null,
      bank_name: "TDB",
    });
    const dates = pending.items.map((d) => d.donation_date);
    expect(dates).toEqual([...dates].sort());
    expect(pending.total).toBe(pending.items.length);
  });

  it("verify credits once, reject adds nothing; the second try is an error toast", async () => {
    const a = await pledge(poolId, "ONE-A", 2000);
    const b = await pledge(poolId, "ONE-B", 3000);
    const before = await poolTotal(poolId);
    const verify = await post(pendingAction, "/admin/donations/pending", {
      intent: "verify",
      id: `pool:${a.id}`,
      amount_received: "2000",
    });
    expect(await toastOf(verify)).toMatchObject({
      type: "success",
      title: "admin:donations.toast.verified",
    });
    expect(await poolTotal(poolId)).toBe(before + 2000);
    const again = await post(pendingAction, "/admin/donations/pending", {
      intent: "verify",
      id: `pool:${a.id}`,
      amount_received: "2000",
    });
    expect(await toastOf(again)).toMatchObject({
      type: "error",
      title: "admin:donations.toast.verifyFailed",
      description: "donate:errors.alreadyDecided",
    });
    const reject = await post(pendingAction, "/admin/donations/pending", {
      intent: "reject",
      id: `pool:${b.id}`,
    });
    expect(await toastOf(reject)).toMatchObject({
      type: "success",
      title: "admin:donations.toast.rejected",
    });
    expect(await poolTotal(poolId)).toBe(before + 2000);
    const missing = await post(pendingAction, "/admin/donations/pending", {
      intent: "reject",
      id: "pool:987654",
    });
    expect(await toastOf(missing)).toMatchObject({
      title: "admin:donations.toast.rejectFailed",
      description: "donate:errors.donationNotFound",
    });
    await expectTotalsConsistent();
  });

  it("verifies and rejects site donations (screen and /api), exactly once", async () => {
    const g = await general("SITE-1");
    const h = await general("SITE-2");
    const res = await post(pendingAction, "/admin/donations/pending", {
      intent: "reject",
      id: `general:${g.id}`,
    });
    expect(await toastOf(res)).toMatchObject({ type: "success" });
    const patch = (id: number, cookie?: string) =>
      verifyGeneralApi(
        routeArgs(
          new Request(`${ORIGIN}/api/donations/${id}/verify`, {
            method: "PATCH",
            headers: { host: "localhost:3000", ...(cookie ? { cookie } : {}) },
          }),
          { id: String(id) },
        ),
      );
    expect((await patch(h.id)).status).toBe(401);
    expect((await patch(h.id, userCookie)).status).toBe(403);
    expect((await patch(h.id, adminCookie)).status).toBe(200);
    expect((await patch(h.id, adminCookie)).status).toBe(409);
    expect((await patch(g.id, adminCookie)).status).toBe(409);
    const rows = await db.select().from(donations);
    expect(rows.find((r) => r.id === g.id)?.status).toBe("rejected");
    expect(rows.find((r) => r.id === h.id)?.status).toBe("verified");
  });

  it("verifies the ticked donations in one go", async () => {
    const a = await pledge(poolId, "TICK-A", 1000);
    const b = await pledge(otherPoolId, "TICK-B", 4000);
    const c = await general("TICK-C", 2000);
    const decided = await pledge(poolId, "TICK-D", 500);
    await post(pendingAction, "/admin/donations/pending", {
      intent: "reject",
      id: `pool:${decided.id}`,
    });
    const before = [await poolTotal(poolId), await poolTotal(otherPoolId)];
    const form = new URLSearchParams({ intent: "verify-selected" });
    for (const key of [
      `pool:${a.id}`,
      `pool:${b.id}`,
      `general:${c.id}`,
      `pool:${decided.id}`,
      "junk",
    ])
      form.append("selected", key);
    const res = (await pendingAction(
      routeArgs(
        new Request(`${ORIGIN}/admin/donations/pending`, {
          method: "POST",
          headers: { host: "localhost:3000", origin: ORIGIN, cookie: adminCookie },
          body: form,
        }),
      ),
    )) as Response;
    expect(res.status).toBe(200);
    const { summary } = await res.json();
    expect(
      summary.verified.map((d: { kind: string; id: number }) => `${d.kind}:${d.id}`).sort(),
    ).toEqual([`pool:${a.id}`, `pool:${b.id}`, `general:${c.id}`].sort());
    expect(summary.alreadyDecided).toEqual([
      { key: `pool:${decided.id}`, reference: "TICK-D", status: "rejected" },
    ]);
    expect(await poolTotal(poolId)).toBe(before[0]! + 1000);
    expect(await poolTotal(otherPoolId)).toBe(before[1]! + 4000);
    await expectTotalsConsistent();

    const none = await post(pendingAction, "/admin/donations/pending", {
      intent: "verify-selected",
    });
    expect(await toastOf(none)).toMatchObject({
      type: "error",
      description: "admin:donations.batch.noneSelected",
    });
  });

  it("verifies by pasted references: exact, ambiguous, already decided, unmatched", async () => {
    const exact = await pledge(poolId, "BANK-77001", 1500);
    const cyrillic = await general("Хандив-Ёс", 1000);
    const twinA = await pledge(poolId, "TWIN-9", 1000);
    const twinB = await pledge(otherPoolId, "twin-9", 1000);
    const old = await pledge(poolId, "OLD-5", 700);
    await post(pendingAction, "/admin/donations/pending", {
      intent: "verify",
      id: `pool:${old.id}`,
      amount_received: "700",
    });
    const duplicate = await pledge(otherPoolId, "old-5", 700); // quotes a transfer already credited
    const rejected = await pledge(poolId, "NO-GOOD", 900);
    await post(pendingAction, "/admin/donations/pending", {
      intent: "reject",
      id: `pool:${rejected.id}`,
    });

    const before = [await poolTotal(poolId), await poolTotal(otherPoolId)];
    const references =
      "  bank-77001 \n хандив-ёс, TWIN-9;old-5\n\nno-good\nNOTHING-HERE\nBANK-77001";
    const res = (await post(pendingAction, "/admin/donations/pending", {
      intent: "verify-references",
      references,
    })) as Response;
    expect(res.status).toBe(200);
    const { summary, references: kept } = await res.json();
    expect(kept).toBe(references);
    expect(summary.verified.map((d: { id: number; kind: string }) => `${d.kind}:${d.id}`)).toEqual([
      `pool:${exact.id}`,
      `general:${cyrillic.id}`,
    ]);
    expect(summary.verified[0]).toMatchObject({
      reference: "bank-77001",
      amount: 1500,
      pool_name: "Эмнэлэг",
    });
    expect(summary.ambiguous).toEqual([
      { reference: "TWIN-9", pending: 2, verified: 0 },
      { reference: "old-5", pending: 1, verified: 1 },
    ]);
    expect(summary.alreadyDecided).toEqual([{ reference: "no-good", status: "rejected" }]);
    expect(summary.unmatched).toEqual(["NOTHING-HERE"]);

    expect(await poolTotal(poolId)).toBe(before[0]! + 1500);
    expect(await poolTotal(otherPoolId)).toBe(before[1]!);
    for (const id of [twinA.id, twinB.id, duplicate.id]) {
      const [row] = await db.select().from(poolDonations).where(eq(poolDonations.id, id));
      expect(row!.status).toBe("pending");
    }
    await expectTotalsConsistent();

    // Each verification has its own audit entry, and the batch one more.
    const verifies = await db.select().from(auditLog).where(eq(auditLog.action, "donation.verify"));
    expect(verifies.map((e) => e.entity_id)).toEqual(
      expect.arrayContaining([String(exact.id), String(cyrillic.id)]),
    );
    const batches = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "donation.batch_verify"));
    expect(JSON.parse(batches.at(-1)!.details!)).toMatchObject({
      mode: "references",
      verified: [`pool:${exact.id}`, `general:${cyrillic.id}`],
      unmatched: 1,
    });

    // The same paste again verifies nothing more.
    const again = await (
      (await post(pendingAction, "/admin/donations/pending", {
        intent: "verify-references",
        references,
      })) as Response
    ).json();
    expect(again.summary.verified).toEqual([]);
    expect(again.summary.alreadyDecided.map((d: { reference: string }) => d.reference)).toEqual(
      expect.arrayContaining(["bank-77001", "хандив-ёс", "no-good"]),
    );
    await expectTotalsConsistent();
  });

  it("verifies by pasted payment codes, however typed, each once", async () => {
    const byCode = await pledge(poolId, "OWN-REF-1", 1200);
    const site = await general("OWN-REF-2", 2000);
    const before = await poolTotal(poolId);
    const typed = `х-${byCode.payment_code.slice(1).split("").join("")}\n${site.payment_code.toLowerCase()}`;
    const first = await (
      (await post(pendingAction, "/admin/donations/pending", {
        intent: "verify-references",
        references: typed,
      })) as Response
    ).json();
    expect(
      first.summary.verified.map((d: { id: number; kind: string }) => `${d.kind}:${d.id}`),
    ).toEqual([`pool:${byCode.id}`, `general:${site.id}`]);
    expect(await poolTotal(poolId)).toBe(before + 1200);
    const again = await (
      (await post(pendingAction, "/admin/donations/pending", {
        intent: "verify-references",
        references: typed,
      })) as Response
    ).json();
    expect(again.summary.verified).toEqual([]);
    expect(again.summary.alreadyDecided).toHaveLength(2);
    await expectTotalsConsistent();
  });

  it("splits pasted lists on lines, commas and semicolons, without duplicates", () => {
    expect(parseReferenceList(" a1 \r\nA1, b2;;c3\n\n , ")).toEqual(["a1", "b2", "c3"]);
  });
});

describe("new pool screen", () => {
  const jpeg = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: "#2266aa" } })
      .jpeg()
      .toBuffer();
  function multipart(fields: Record<string, string>, files: Record<string, [Buffer, string]> = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    for (const [k, [bytes, type]] of Object.entries(files))
      form.set(k, new Blob([new Uint8Array(bytes)], { type }), `${k}.bin`);
    return new Request(`${ORIGIN}/admin/donations/new`, {
      method: "POST",
      headers: { host: "localhost:3000", origin: ORIGIN, cookie: adminCookie },
      body: form,
    });
  }
  type Reply = {
    data: { result: { initialValue: Record<string, string>; error: Record<string, string[]> } };
    init: ResponseInit;
  };
  const valid = {
    intent: "create",
    name: "Номын сан",
    description: "Сумын сургуульд шинэ ном.",
    goal_amount: "50000",
    bank_name: "Khan Bank",
    bank_account: "5012345678",
    account_name: "StoryShare LLC",
  };

  it("defaults the bank fields to the site's payee", async () => {
    const { values } = (await call(
      newPoolLoader,
      getRequest("/admin/donations/new", adminCookie),
    )) as Awaited<ReturnType<typeof newPoolLoader>>;
    expect(values).toMatchObject({
      bank_name: "Khan Bank",
      bank_account: "5012345678",
      account_name: "StoryShare LLC",
    });
  });

  it("keeps every value and the uploaded photo when a field is wrong", async () => {
    const res = (await call(
      newPoolAction,
      multipart(
        { ...valid, goal_amount: "1500", name: "" },
        { photo_2: [await jpeg(2000, 2000), "image/jpeg"] },
      ),
    )) as Reply;
    expect(res.init.status).toBe(400);
    expect(res.data.result.error).toMatchObject({
      goal_amount: ["admin:newPool.validation.goalStep"],
      name: ["admin:newPool.validation.nameMin"],
    });
    expect(res.data.result.initialValue).toMatchObject({
      description: valid.description,
      goal_amount: "1500",
    });
    expect(res.data.result.initialValue.photo_2_id).toMatch(/^[a-f0-9]{64}$/);

    // Not an image / a long video: the slot says so, the rest is kept.
    const bad = (await call(
      newPoolAction,
      multipart(
        { ...valid, photo_2_id: res.data.result.initialValue.photo_2_id! },
        { photo_1: [Buffer.from("not an image"), "image/png"], video: [tinyMp4(125), "video/mp4"] },
      ),
    )) as Reply;
    expect(bad.init.status).toBe(400);
    expect(bad.data.result.error).toEqual({
      photo_1: ["admin:newPool.validation.photoType"],
      video: ["admin:newPool.validation.videoTooLong"],
    });
    expect(bad.data.result.initialValue.photo_2_id).toBe(res.data.result.initialValue.photo_2_id);

    // Remove takes the stored photo off without creating anything.
    const removed = (await call(
      newPoolAction,
      multipart({
        ...valid,
        intent: "remove-photo_2",
        photo_2_id: res.data.result.initialValue.photo_2_id!,
      }),
    )) as Reply;
    expect(removed.data.result.initialValue.photo_2_id).toBe("");
    expect(
      (await db.select().from(donationPools).where(eq(donationPools.name, valid.name))).length,
    ).toBe(0);

    // Corrected: created with the photo kept from the first attempt, then to the pools tab.
    const done = (await call(
      newPoolAction,
      multipart(
        { ...valid, photo_2_id: res.data.result.initialValue.photo_2_id!, video: "" },
        { video: [tinyMp4(90), "video/mp4"] },
      ),
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/donations/pools");
    expect(await toastOf(done)).toMatchObject({
      type: "success",
      title: "admin:newPool.toast.created",
      values: { name: valid.name },
    });
    const [pool] = await db.select().from(donationPools).where(eq(donationPools.name, valid.name));
    expect(pool).toMatchObject({
      status: "active",
      goal_amount: 50_000,
      photo_1: res.data.result.initialValue.photo_2_id,
      photo_2: null,
    });
    expect(pool!.video_url).toMatch(/^[a-f0-9]{64}$/);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(pool!.id)), eq(auditLog.action, "pool.create")));
    expect(entry).toMatchObject({ entity_type: "donation_pool", actor_username: "treasurer" });
  });

  it("a photo over 20 MB is a field message, the text is kept", async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 1);
    const res = (await call(
      newPoolAction,
      multipart(valid, { photo_3: [big, "image/jpeg"] }),
    )) as Reply;
    expect(res.init.status).toBe(400);
    expect(res.data.result.error).toEqual({ photo_3: ["admin:newPool.validation.photoTooLarge"] });
    expect(res.data.result.initialValue.name).toBe(valid.name);
  });
});
