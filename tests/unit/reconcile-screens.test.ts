import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, poolDonations, statementLines } from "#db/schema";
import { readToast } from "~/models/sessions.server";
import { createUser } from "~/models/users.server";
import {
  action as reconcileAction,
  loader as reconcileLoader,
} from "~/routes/admin.donations.reconcile";
import {
  action as mapAction,
  loader as mapLoader,
} from "~/routes/admin.donations.reconcile_.map.$id";
import { action as uploadAction } from "~/routes/admin.donations.reconcile_.upload";
import { action as apiUpload, loader as apiView } from "~/routes/api.reconciliation";
import { action as apiConfirm } from "~/routes/api.reconciliation.confirm";
import { action as dismissLine } from "~/routes/api.statement-lines.$id.dismiss";
import { action as reopenLine } from "~/routes/api.statement-lines.$id.reopen";
import { action as pledgeAction, loader as pledgeLoader } from "~/routes/donation-pools.$id.donate";
import {
  cookiesFrom,
  expectSentAway,
  formRequest,
  getRequest,
  jsonRequest,
  loaderResult,
  ORIGIN,
  type RouteArgs,
  routeArgs,
  signInAs,
} from "./helpers";

/** The reconciliation screens and the payment code on the pledge form, through their routes. */

let adminCookie: string;
let userCookie: string;
let poolId: number;

type Fn = (args: RouteArgs) => Promise<unknown>;
const call = (fn: Fn, request: Request, params: Record<string, string> = {}) =>
  fn(routeArgs(request, params)) as Promise<Response>;

async function toastOf(res: Response) {
  return (await readToast(getRequest("/", cookiesFrom(res)))).toast;
}

function uploadRequest(name: string, bytes: Uint8Array<ArrayBuffer>, cookie: string, json = false) {
  const form = new FormData();
  form.set("preset", "auto");
  form.set("statement", new File([bytes], name, { type: "application/octet-stream" }));
  const headers = new Headers({ host: "localhost:3000", origin: ORIGIN, cookie });
  if (json) headers.set("accept", "application/json");
  return new Request(`${ORIGIN}/admin/donations/reconcile/upload`, {
    method: "POST",
    headers,
    body: form,
  });
}

const sample = (name: string) =>
  new Uint8Array(readFileSync(path.resolve("docs/bank-statements", name)));

beforeAll(async () => {
  await createUser("boss", "secret-pass", "admin");
  await createUser("reader", "secret-pass");
  adminCookie = await signInAs("boss");
  userCookie = await signInAs("reader");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Сан",
      description: "Тест",
      goal_amount: 1_000_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Сан",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

describe("the pledge form offers a payment code before the transfer", () => {
  it("shows a fresh code, never cached, and the pledge keeps the one the donor saw", async () => {
    const { data: page, cookie } = loaderResult<{ paymentCode: string }>(
      await call(pledgeLoader, getRequest(`/donation-pools/${poolId}/donate`), {
        id: String(poolId),
      }),
    );
    expect(page.paymentCode).toMatch(/^X\d{6}$/);
    const res = await call(
      pledgeAction,
      formRequest(
        `/donation-pools/${poolId}/donate`,
        {
          donor_name: "Сараа",
          phone_number: "99112233",
          amount: "5000",
          transaction_reference: "KB-1",
          payment_code: page.paymentCode,
          display_in_leaderboard: "on",
        },
        cookie,
      ),
      { id: String(poolId) },
    );
    expect(res.status).toBe(302);
    const row = await db.query.poolDonations.findFirst({
      where: eq(poolDonations.payment_code, page.paymentCode),
    });
    expect(row).toMatchObject({ amount: 5000, status: "pending" });
    const { headers } = await import("~/routes/donation-pools.$id.donate");
    expect(new Headers(headers()).get("Cache-Control")).toBe("private, no-store");
  });

  it("a code already taken, or a made-up one, is replaced by a fresh code", async () => {
    const taken = (await db.query.poolDonations.findFirst())!.payment_code!;
    for (const proposed of [taken, "C123456", "X12", "<b>"]) {
      await call(
        pledgeAction,
        formRequest(`/donation-pools/${poolId}/donate`, {
          donor_name: "Болд",
          phone_number: `99${Math.floor(Math.random() * 1e6)}`,
          amount: "1000",
          transaction_reference: "REF-2",
          payment_code: proposed,
        }),
        { id: String(poolId) },
      );
    }
    const codes = (await db.select().from(poolDonations)).map((d) => d.payment_code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => /^X\d{6}$/.test(c ?? ""))).toBe(true);
  });
});

describe("uploading a statement", () => {
  it("is for administrators only", async () => {
    for (const cookie of ["", userCookie]) {
      const res = await call(
        uploadAction,
        uploadRequest("khan-bank.xlsx", sample("khan-bank.xlsx"), cookie),
      ).catch((e: Response) => e);
      expect(res.status).toBe(302);
      expectSentAway(res, cookie);
    }
    expect(await db.select().from(statementLines)).toEqual([]);
  });

  it("without JavaScript: a redirect with the counts in a toast; again: nothing new", async () => {
    const res = await call(
      uploadAction,
      uploadRequest("khan-bank.xlsx", sample("khan-bank.xlsx"), adminCookie),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/donations/reconcile");
    expect(await toastOf(res)).toMatchObject({
      type: "success",
      title: "admin:reconcile.toast.imported",
      values: { new: 7, duplicate: 0, outgoing: 1, unreadable: 0 },
    });
    const again = await call(
      uploadAction,
      uploadRequest("khan-bank.xlsx", sample("khan-bank.xlsx"), adminCookie),
    );
    expect((await toastOf(again))?.values).toMatchObject({ new: 0, duplicate: 7 });
  });

  it("with JavaScript (XHR): JSON with where to go, the toast in the flash cookie", async () => {
    const res = await call(
      uploadAction,
      uploadRequest("other-bank.csv", sample("other-bank.csv"), adminCookie, true),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.redirectTo).toMatch(/^\/admin\/donations\/reconcile\/map\/\d+$/);
    expect((await toastOf(res))?.title).toBe("admin:reconcile.toast.needsMapping");

    // The mapping step: the preview, a refused mapping (back with a toast), then the import.
    const id = body.redirectTo.split("/").pop();
    const preview = (await call(mapLoader, getRequest(body.redirectTo, adminCookie), {
      id,
    })) as unknown as {
      rows: string[][];
    };
    expect(preview.rows[1]![3]).toBe("X240117 Сарангэрэл хандив");
    const bad = await call(
      mapAction,
      formRequest(
        body.redirectTo,
        { intent: "map", headerRow: "0", date: "0", description: "3" },
        adminCookie,
      ),
      { id },
    );
    expect(bad.headers.get("Location")).toBe(body.redirectTo);
    expect((await toastOf(bad))?.description).toBe("admin:reconcile.errors.badMapping");
    const good = await call(
      mapAction,
      formRequest(
        body.redirectTo,
        {
          intent: "map",
          headerRow: "0",
          date: "0",
          credit: "1",
          debit: "2",
          description: "3",
          counterparty: "4",
        },
        adminCookie,
      ),
      { id },
    );
    expect(good.headers.get("Location")).toBe("/admin/donations/reconcile");
    expect((await toastOf(good))?.values).toMatchObject({ new: 7, outgoing: 1 });
    // Mapped once: the page now sends the administrator back to the list.
    const done = await call(mapLoader, getRequest(body.redirectTo, adminCookie), { id }).catch(
      (e: Response) => e,
    );
    expect(done.headers.get("Location")).toBe("/admin/donations/reconcile");
  });

  it("refuses what it cannot read with a message, as JSON or as a toast", async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]);
    const json = await call(uploadAction, uploadRequest("x.png", png, adminCookie, true));
    expect(json.status).toBe(415);
    expect((await json.json()).message).toMatch(/CSV|XLSX/);
    const redirect = await call(uploadAction, uploadRequest("x.png", png, adminCookie));
    expect(await toastOf(redirect)).toMatchObject({
      type: "error",
      description: "admin:reconcile.errors.notStatement",
    });
    const big = await call(
      uploadAction,
      uploadRequest("big.csv", new Uint8Array(6 * 1024 * 1024), adminCookie, true),
    );
    expect(big.status).toBe(413);
  });
});

describe("deciding on the reconciliation screen", () => {
  it("lists the groups; set aside and put back; confirm by the form", async () => {
    const view = (await call(
      reconcileLoader,
      getRequest("/admin/donations/reconcile", adminCookie),
    )) as unknown as {
      unmatched: { line: { id: number } }[];
      totals: { unmatched: { count: number } };
      imports: unknown[];
    };
    expect(view.imports.length).toBeGreaterThanOrEqual(3);
    const lineId = String(view.unmatched[0]!.line.id);
    const dismissed = await call(
      reconcileAction,
      formRequest("/admin/donations/reconcile", { intent: "dismiss", id: lineId }, adminCookie),
    );
    expect((await toastOf(dismissed))?.title).toBe("admin:reconcile.toast.dismissed");
    const again = await call(
      reconcileAction,
      formRequest("/admin/donations/reconcile", { intent: "dismiss", id: lineId }, adminCookie),
    );
    expect(await toastOf(again)).toMatchObject({
      type: "error",
      description: "admin:reconcile.errors.lineUsed",
    });
    await call(
      reconcileAction,
      formRequest("/admin/donations/reconcile", { intent: "reopen", id: lineId }, adminCookie),
    );

    // Assign the open line by hand to a pending pledge.
    const pledge = (await db.query.poolDonations.findFirst({
      where: eq(poolDonations.status, "pending"),
    }))!;
    const before = (await db.query.donationPools.findFirst({
      where: eq(donationPools.id, poolId),
    }))!.current_amount;
    const line = (await db.query.statementLines.findFirst({
      where: eq(statementLines.id, Number(lineId)),
    }))!;
    const confirmed = await call(
      reconcileAction,
      formRequest(
        "/admin/donations/reconcile",
        { intent: "confirm", assign: `${lineId}:pool:${pledge.id}` },
        adminCookie,
      ),
    );
    expect(await toastOf(confirmed)).toMatchObject({ type: "success", values: { count: 1 } });
    const after = (await db.query.donationPools.findFirst({ where: eq(donationPools.id, poolId) }))!
      .current_amount;
    expect(after).toBe(before + line.amount);
    const empty = await call(
      reconcileAction,
      formRequest("/admin/donations/reconcile", { intent: "confirm" }, adminCookie),
    );
    expect(await toastOf(empty)).toMatchObject({
      type: "error",
      description: "admin:reconcile.errors.noneSelected",
    });
  });
});

describe("the /api twin", () => {
  it("uploads, lists the groups, confirms and sets aside, as JSON", async () => {
    const upload = uploadRequest("xacbank.csv", sample("xacbank.csv"), adminCookie);
    const created = await call(
      apiUpload,
      new Request(
        upload.url.replace("/admin/donations/reconcile/upload", "/api/reconciliation"),
        upload,
      ),
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ status: "imported", preset: "xac" });

    const view = await (await call(apiView, getRequest("/api/reconciliation", adminCookie))).json();
    expect(Object.keys(view).sort()).toEqual([
      "already",
      "exact",
      "partial",
      "totals",
      "unmatched",
    ]);
    const open = [...view.partial, ...view.unmatched][0];
    const pending = (await db.query.poolDonations.findFirst({
      where: eq(poolDonations.status, "pending"),
    }))!;

    const confirm = (assignments: unknown) =>
      call(
        apiConfirm,
        jsonRequest("/api/reconciliation/confirm", { assignments }, { cookie: adminCookie }),
      );
    expect((await confirm([])).status).toBe(400);
    const done = await (await confirm([`${open.line.id}:pool:${pending.id}`])).json();
    expect(done.confirmed).toHaveLength(1);
    const twice = await (await confirm([`${open.line.id}:pool:${pending.id}`])).json();
    expect(twice.failed[0].message).toMatch(/already|аль хэдийн/);

    const other = [...view.partial, ...view.unmatched].find(
      (m: { line: { id: number } }) => m.line.id !== open.line.id,
    );
    const patch = (id: number, decision: "dismiss" | "reopen") =>
      call(
        decision === "dismiss" ? dismissLine : reopenLine,
        new Request(`${ORIGIN}/api/statement-lines/${id}/${decision}`, {
          method: "PATCH",
          headers: { host: "localhost:3000", cookie: adminCookie },
        }),
        { id: String(id) },
      );
    expect((await patch(other.line.id, "dismiss")).status).toBe(200);
    expect((await patch(other.line.id, "dismiss")).status).toBe(409);
    expect((await patch(other.line.id, "reopen")).status).toBe(200);
    expect((await patch(999_999, "dismiss")).status).toBe(404);
  });
});
