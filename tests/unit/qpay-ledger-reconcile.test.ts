import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, statementLines } from "#db/schema";
import { LedgerLines } from "~/components/pools/ledger-lines";
import { receiptLines, receiptView } from "~/lib/receipt-view";
import { createPledge } from "~/models/donation-create.server";
import { poolLedger } from "~/models/ledger.server";
import { donorReceipt } from "~/models/receipts.server";
import {
  confirmAssignments,
  confirmLine,
  reconciliationView,
  setLineAside,
} from "~/models/reconcile-match.server";
import { importStatement } from "~/models/statement-import.server";
import { createUser, type User } from "~/models/users.server";
import { loader as ledgerApi } from "~/routes/api.donation-pools.$id.ledger";
import { loader as ledgerCsv } from "~/routes/donation-pools.$id.ledger[.]csv";
import { getRequest, routeArgs } from "./helpers";
import { payThroughQpay, withQpayStandIn } from "./qpay-helpers";

/**
 * Issue 39 items 3 and 5: a gift QPay confirmed says so on the public ledger and the receipt, and
 * the same code on a later bank statement is "already confirmed (QPay)", never credited again.
 */
const qpay = withQpayStandIn();

let admin: User;
let poolId: number;
let paid: { id: number; token: string; code: string };
let waiting: number;

async function poolTotal() {
  const [row] = await db
    .select({ total: donationPools.current_amount })
    .from(donationPools)
    .where(eq(donationPools.id, poolId));
  return row!.total;
}

async function pledge(amount: number, phone: string) {
  return createPledge(
    poolId,
    { donor_name: "Тэмүүлэн", phone_number: phone, amount, transaction_reference: "QPAY-TEST" },
    getRequest(`/donation-pools/${poolId}/donate`),
  );
}

beforeAll(async () => {
  admin = await createUser("qpay-ledger-admin", "secret-password", "admin");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Сургуулийн номын сан",
      description: "Тест",
      goal_amount: 1_000_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Сан",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
  const made = await pledge(30_000, "99112233");
  paid = { id: made.id, token: made.status_token, code: made.payment_code! };
  // Same amount, same day: today a line without a pending code would be offered for this one.
  waiting = (await pledge(30_000, "99112244")).id;
  await payThroughQpay(qpay.standIn, { kind: "pool", id: paid.id });
});

describe("the ledger and the receipt of a gift paid through QPay", () => {
  it("the gift counts once and its ledger line says it was paid through QPay, with when", async () => {
    expect(await poolTotal()).toBe(30_000);
    const ledger = (await poolLedger(poolId, 1))!;
    const line = ledger.lines.find((l) => l.kind === "gift" && l.id === paid.id)!;
    expect(line.statement_date).toBeNull();
    expect(line.qpay_paid_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const html = renderToString(createElement(LedgerLines, { lines: ledger.lines }));
    expect(html).toContain("ledger.paidQpay");
    expect(html).not.toContain("ledger.byAdmin");
  });

  it("the CSV says «QPay үйлчилгээгээр төлсөн» in Mongolian and the /api line carries when", async () => {
    const csv = await (
      (await ledgerCsv(
        routeArgs(getRequest(`/donation-pools/${poolId}/ledger.csv`), { id: String(poolId) }),
      )) as Response
    ).text();
    expect(csv).toContain("QPay үйлчилгээгээр төлсөн");
    const api = (await (
      (await ledgerApi(
        routeArgs(getRequest(`/api/donation-pools/${poolId}/ledger`), { id: String(poolId) }),
      )) as Response
    ).json()) as { lines: Array<{ id: number; qpay_paid_at: string | null }> };
    expect(api.lines.find((l) => l.id === paid.id)?.qpay_paid_at).toMatch(/^\d{4}-/);
  });

  it("the receipt says paid through QPay, not a pledge date", async () => {
    const receipt = (await donorReceipt(paid.token))!;
    expect(receipt.qpay_paid_at).toMatch(/^\d{4}-/);
    const view = receiptView(receipt, "mn", "http://localhost:3000", "—");
    expect(view.transfer_from).toBe("qpay");
    const transfer = receiptLines(view).find((l) => l.key === "transfer")!;
    expect(transfer.label).toBe("receipts:doc.paidQpay");
  });
});

describe("a statement line carrying the code of a gift QPay confirmed", () => {
  let lineId: number;

  beforeAll(async () => {
    const today = new Date().toISOString().slice(0, 10).replaceAll("-", "/");
    const csv = [
      "Date,Description,Debit,Credit,Balance,Counterparty name,Counterparty account,Transaction number",
      `${today} 09:12,${paid.code} Тэмүүлэн хандив,,"30,000.00",,Тэмүүлэн Б,5012345678,GL39000001`,
    ].join("\n");
    await importStatement(
      { name: "golomt.csv", bytes: new TextEncoder().encode(csv) },
      "auto",
      admin,
    );
    const [line] = await db
      .select({ id: statementLines.id })
      .from(statementLines)
      .where(sql`${statementLines.description} LIKE ${`${paid.code}%`}`);
    lineId = line!.id;
  });

  it("is shown as already confirmed (QPay), offered for nothing", async () => {
    const view = await reconciliationView();
    expect(view.already.map((m) => m.line.id)).toEqual([lineId]);
    expect(view.already[0]!.paid).toMatchObject({ kind: "pool", id: paid.id });
    expect(view.already[0]!.paid.invoice_id).toBeTruthy();
    const offered = [...view.exact, ...view.partial, ...view.unmatched].map((m) => m.line.id);
    expect(offered).not.toContain(lineId);
    expect(view.totals.already).toEqual({ count: 1, total: 30_000 });
  });

  it("confirming it, for its own gift or another waiting one, is refused and changes no total", async () => {
    await expect(confirmLine(lineId, { kind: "pool", id: paid.id }, admin)).rejects.toMatchObject({
      status: 409,
      message: "admin:reconcile.errors.alreadyQpay",
    });
    await expect(confirmLine(lineId, { kind: "pool", id: waiting }, admin)).rejects.toMatchObject({
      status: 409,
      message: "admin:reconcile.errors.alreadyQpay",
    });
    const summary = await confirmAssignments([`${lineId}:pool:${waiting}`], admin);
    expect(summary.confirmed).toEqual([]);
    expect(summary.failed).toEqual([{ lineId, message: "admin:reconcile.errors.alreadyQpay" }]);
    expect(await poolTotal()).toBe(30_000);
    const ledger = (await poolLedger(poolId, 1))!;
    expect(ledger.totals.verified_count).toBe(1);
    const [line] = await db.select().from(statementLines).where(eq(statementLines.id, lineId));
    expect(line!.status).toBe("open");
  });

  it("setting it aside changes no total either", async () => {
    await setLineAside(lineId, admin);
    expect(await poolTotal()).toBe(30_000);
    const view = await reconciliationView();
    expect(view.already).toEqual([]);
    const ledger = (await poolLedger(poolId, 1))!;
    expect(ledger.totals).toMatchObject({ verified_amount: 30_000, pending_count: 1 });
  });
});
