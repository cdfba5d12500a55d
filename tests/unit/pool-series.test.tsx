import { eq } from "drizzle-orm";
import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, poolDonations, poolUpdates } from "#db/schema";
import { ALL_NAMESPACES, i18nConfig } from "~/i18n";
import { resources } from "~/locales/index.server";
import { createPledge } from "~/models/donation-create.server";
import { decidePoolDonation } from "~/models/donation-decide.server";
import { ledgerTotals } from "~/models/ledger.server";
import { poolSeries } from "~/models/pool-series.server";
import { createUser, type User } from "~/models/users.server";
import { loader as statsApi } from "~/routes/api.donation-pools.$id.stats";
import { loader as poolPage } from "~/routes/donation-pools.$id._index";
import PoolLedger, { loader as ledgerPage } from "~/routes/donation-pools.$id.ledger";
import { getRequest, routeArgs } from "./helpers";

/**
 * Issue 42 item 4: a campaign's money over time. Gifts verified on three days (one of them late in
 * the UTC evening, which is the next morning in Ulaanbaatar), one pledge still waiting, one turned
 * down, one update reporting spending. The series' last point is the ledger's totals.
 */

let admin: User;
let poolId: number;
const NOW = new Date("2026-03-10T00:00:00.000Z");

async function gift(
  amount: number,
  pledgedAt: string,
  decision?: "verified" | "rejected",
  at?: string,
) {
  const made = await createPledge(
    poolId,
    {
      donor_name: `Хандивлагч ${amount}`,
      phone_number: `99${String(amount).padStart(6, "0")}`,
      amount,
      transaction_reference: `REF-${amount}`,
    },
    getRequest(`/donation-pools/${poolId}/donate`),
  );
  if (decision) await decidePoolDonation(poolId, made.id, decision, admin);
  await db
    .update(poolDonations)
    .set({ donation_date: pledgedAt, ...(decision ? { decided_at: at ?? pledgedAt } : {}) })
    .where(eq(poolDonations.id, made.id));
}

beforeAll(async () => {
  admin = await createUser("series-admin", "secret-password", "admin");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Сургуулийн номын сан",
      description: "Хөдөөгийн сургуульд ном хүргэх аян.",
      goal_amount: 400_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Сан",
      created_at: "2026-02-28T10:00:00.000Z",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
  await gift(100_000, "2026-03-01T02:00:00.000Z", "verified", "2026-03-01T05:00:00.000Z");
  // Verified at 17:30 UTC on the 2nd: 01:30 on the 3rd in Ulaanbaatar.
  await gift(50_000, "2026-03-01T03:00:00.000Z", "verified", "2026-03-02T17:30:00.000Z");
  await gift(30_000, "2026-03-04T01:00:00.000Z", "verified", "2026-03-05T02:00:00.000Z");
  await gift(20_000, "2026-03-02T04:00:00.000Z");
  await gift(70_000, "2026-03-02T05:00:00.000Z", "rejected");
  await db.insert(poolUpdates).values({
    pool_id: poolId,
    body_mn: "Эхний ном хүргэгдлээ.",
    spent_amount: 60_000,
    spent_on_mn: "Ном, 40 ширхэг",
    spent_on_en: "Books, forty",
    created_at: "2026-03-04T04:00:00.000Z",
  });
});

describe("a campaign's money over time", () => {
  it("running totals per Ulaanbaatar day: verified from the day verified, waiting pledges on top", async () => {
    const series = (await poolSeries(poolId, NOW))!;
    expect(series.pool).toEqual({ id: poolId, name: "Сургуулийн номын сан", goal_amount: 400_000 });
    expect(series.days).toEqual([
      { day: "2026-02-28", verified: 0, with_pending: 0 },
      { day: "2026-03-01", verified: 100_000, with_pending: 100_000 },
      { day: "2026-03-02", verified: 100_000, with_pending: 120_000 },
      { day: "2026-03-03", verified: 150_000, with_pending: 170_000 },
      { day: "2026-03-04", verified: 150_000, with_pending: 170_000 },
      { day: "2026-03-05", verified: 180_000, with_pending: 200_000 },
      { day: "2026-03-10", verified: 180_000, with_pending: 200_000 },
    ]);
    expect(series.spending).toEqual([
      {
        update_id: expect.any(Number),
        day: "2026-03-04",
        amount: 60_000,
        spent_on_mn: "Ном, 40 ширхэг",
        spent_on_en: "Books, forty",
      },
    ]);
  });

  it("its last point is the ledger's totals, and the rejected pledge counts nowhere", async () => {
    const series = (await poolSeries(poolId, NOW))!;
    const { totals } = (await ledgerTotals(poolId))!;
    const last = series.days.at(-1)!;
    expect(last.verified).toBe(totals.verified_amount);
    expect(last.verified).toBe(totals.pool_total);
    expect(last.with_pending).toBe(totals.verified_amount + totals.pending_amount);
    expect(series.spending.reduce((sum, s) => sum + s.amount, 0)).toBe(totals.spent_amount);
    expect(series.totals).toEqual({
      verified_amount: 180_000,
      pending_amount: 20_000,
      spent_amount: 60_000,
    });
  });

  it("a campaign that has ended stops at its last event; an unknown one is null", async () => {
    await db.update(donationPools).set({ status: "completed" }).where(eq(donationPools.id, poolId));
    const ended = (await poolSeries(poolId, NOW))!;
    expect(ended.days.at(-1)!.day).toBe("2026-03-05");
    await db.update(donationPools).set({ status: "active" }).where(eq(donationPools.id, poolId));
    expect(await poolSeries(424_242)).toBeNull();
  });
});

describe("/api/donation-pools/{id}/stats", () => {
  it("answers the series as declared (the contract check runs after the file), 404 for none", async () => {
    const response = (await statsApi(
      routeArgs(getRequest(`/api/donation-pools/${poolId}/stats`), { id: String(poolId) }),
    )) as Response;
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.pool.goal_amount).toBe(400_000);
    expect(body.days.at(-1)).toMatchObject({ verified: 180_000, with_pending: 200_000 });
    expect(body.spending).toHaveLength(1);
    expect(body.totals).toEqual({
      verified_amount: 180_000,
      pending_amount: 20_000,
      spent_amount: 60_000,
    });
    const missing = (await statsApi(
      routeArgs(getRequest("/api/donation-pools/424242/stats"), { id: "424242" }),
    )) as Response;
    expect(missing.status).toBe(404);
  });
});

describe("the pages", () => {
  async function renderLedger(lng: "mn" | "en") {
    const data = await ledgerPage(
      routeArgs(getRequest(`/donation-pools/${poolId}/ledger`), { id: String(poolId) }),
    );
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, lng, ns: [...ALL_NAMESPACES], resources });
    const path = `/donation-pools/${poolId}/ledger`;
    const router = createMemoryRouter(
      [{ id: "ledger", path, element: createElement(PoolLedger), loader: () => data }],
      { initialEntries: [path], hydrationData: { loaderData: { ledger: data } } },
    );
    return renderToString(
      createElement(I18nextProvider, { i18n }, createElement(RouterProvider, { router })),
    );
  }

  it("the ledger draws the chart against the goal, marks the spending, and has its table", async () => {
    const html = await renderLedger("mn");
    const chart = html.slice(html.indexOf('data-testid="pool-chart"'));
    expect(chart).toContain("Цугларсан хандив, өдрөөр");
    expect(chart).toMatch(
      /<svg[^>]*role="img"[^>]*aria-label="Цугларсан хандив, өдрөөр\. Баталгаажсан: 180,000₮, зорилго: 400,000₮"/,
    );
    expect(chart).toContain('data-series="verified"');
    expect(chart).toContain('data-series="with_pending"');
    expect(chart).toContain('data-goal="400000"');
    expect(chart).toContain('data-marker="2026-03-04"');
    expect(chart).toContain("Зарцуулсан 60,000₮: Ном, 40 ширхэг");
    expect(chart).toContain("Хүснэгтээр харах");
    expect(chart).toMatch(/<th scope="col"[^>]*>Амласан хандивын хамт<\/th>/);
    expect(chart).toMatch(/2026 оны 3-р сарын 5<\/th><td[^>]*>180,000₮<\/td><td[^>]*>200,000₮/);
  });

  it("in English, the spending says what it went on in English", async () => {
    const html = await renderLedger("en");
    expect(html).toContain("Money raised over time");
    expect(html).toContain("Spent 60,000₮: Books, forty");
    expect(html).toContain("Show as table");
  });

  it("the campaign page loads the series for its small chart", async () => {
    const data = await poolPage(
      routeArgs(getRequest(`/donation-pools/${poolId}`), { id: String(poolId) }),
    );
    expect(data.series?.days.at(-1)?.verified).toBe(180_000);
  });
});
