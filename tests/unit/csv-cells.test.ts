import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, poolDonations, poolUpdates } from "#db/schema";
import { csvText } from "~/lib/csv.server";
import { loader as ledgerCsv } from "~/routes/donation-pools.$id.ledger[.]csv";
import { getRequest, routeArgs } from "./helpers";

/**
 * Issue 38 item 6, decision 051: a spreadsheet must never run what a donor typed. Every text cell
 * that starts with = + - @, a tab or a carriage return gets a leading apostrophe; number cells
 * stay numbers, a negative one included.
 */

const HYPERLINK = '=HYPERLINK("http://refund.example/x","Click for refund")';
const STARTS_A_FORMULA = /^[=+\-@\t\r]/;
let poolId: number;

/** The file's rows, as a spreadsheet reads them (byte-order mark dropped). */
async function ledgerRows(): Promise<string[][]> {
  const response = (await ledgerCsv(
    routeArgs(getRequest(`/donation-pools/${poolId}/ledger.csv`), { id: String(poolId) }),
  )) as Response;
  return parse(await response.text(), { bom: true, relax_column_count: true }) as string[][];
}

beforeAll(async () => {
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Формулын шалгалт",
      description: "Хүснэгтэд томьёо ажиллахгүйг шалгана.",
      goal_amount: 1_000_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Сан",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
  // Written straight to the table, as rows stored before the schemas cleaned names were.
  const names = [HYPERLINK, "+1", "-2", "@x", "\tx", "\rx"];
  await db.insert(poolDonations).values(
    names.map((donor_name, i) => ({
      pool_id: poolId,
      donor_name,
      phone_number: `8800000${i}`,
      amount: 1_000 * (i + 1),
      transaction_reference: `CSV-${i}`,
      status: "verified" as const,
      status_token: `csv-cells-${i}`,
      donation_date: `2026-12-0${i + 1}T04:00:00.000Z`,
      decided_at: `2026-12-0${i + 1}T05:00:00.000Z`,
    })),
  );
  await db.insert(poolUpdates).values({
    pool_id: poolId,
    body_mn: "Зарцуулалтын тайлан.",
    spent_amount: 500,
    spent_on_mn: "=1+1",
    created_at: "2026-12-10T04:00:00.000Z",
  });
});

describe("the ledger CSV holds no live formula", () => {
  it("every text cell a donor or an update wrote is inert; amounts stay plain numbers", async () => {
    const [, ...rows] = await ledgerRows();
    expect(rows).toHaveLength(7);
    const who = rows.map((row) => row[2]);
    expect(who).toEqual(["'=1+1", "x", "x", "'@x", "'-2", "'+1", `'${HYPERLINK}`]);
    for (const row of rows) {
      for (const cell of row) expect(cell).not.toMatch(STARTS_A_FORMULA);
      const amount = row[4] || row[5];
      expect(amount).toMatch(/^\d+$/);
    }
  });
});

describe("the one CSV writer", () => {
  it("neutralises text cells that start a formula, keeps numbers (negative ones too) as numbers", () => {
    const text = csvText([
      ["a", "b", "c", "d", "e", "f", "g", "h", "i"],
      ["=1+1", "+1", "-2", "@x", "\tx", "\rx", -2, 0, null],
      ["ok", "a=b", " =x", "＝1+1", "", 1_500, 2.5, "Хандив", undefined],
    ]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain("\r\n");
    const [, first, second] = parse(text, { bom: true }) as string[][];
    expect(first).toEqual(["'=1+1", "'+1", "'-2", "'@x", "'\tx", "'\rx", "-2", "0", ""]);
    expect(second).toEqual(["ok", "a=b", " =x", "'＝1+1", "", "1500", "2.5", "Хандив", ""]);
  });
});
