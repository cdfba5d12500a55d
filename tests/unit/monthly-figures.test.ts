import { eq } from "drizzle-orm";
import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, monthlyGiftMonths, monthlyGifts } from "#db/schema";
import { FundingCard } from "~/components/pools/funding-card";
import { ALL_NAMESPACES, i18nConfig } from "~/i18n";
import { resources } from "~/locales/index.server";
import { listMonthlyDonors } from "~/models/monthly-admin.server";
import { getPoolDetail } from "~/models/pools.server";
import { confirmAssignments, reconciliationView } from "~/models/reconcile-match.server";
import { importStatement } from "~/models/statement-import.server";
import { createUser } from "~/models/users.server";
import AdminMonthlyPage, { loader as monthlyPage } from "~/routes/admin.donations.monthly";
import { loader as monthlyApi } from "~/routes/api.admin.monthly";
import { loader as poolApi } from "~/routes/api.donation-pools.$id";
import { loader as ledgerApi } from "~/routes/api.donation-pools.$id.ledger";
import { loader as ledgerCsv } from "~/routes/donation-pools.$id.ledger[.]csv";
import { expectSentAway, getRequest, routeArgs, signInAs } from "./helpers";

/**
 * Issue 43's honest numbers: the campaign page's monthly figure (promised, not in the total), the
 * ledger marking monthly gifts, and the administrators' list of monthly donors and its /api.
 */

let poolId: number;
let adminCookie: string;
let memberCookie: string;
const ids: Record<string, number> = {};

async function monthlyGift(code: string, values: Partial<typeof monthlyGifts.$inferInsert>) {
  const [row] = await db
    .insert(monthlyGifts)
    .values({
      pool_id: poolId,
      donor_name: "Сарнай",
      email: "sarnai@example.mn",
      remind_by_email: true,
      method: "standing_order",
      amount: 20_000,
      day_of_month: 10,
      payment_code: code,
      ...values,
    })
    .returning({ id: monthlyGifts.id });
  ids[code] = row!.id;
  return row!.id;
}

async function i18nFor(lng: "mn" | "en") {
  const i18n = createInstance();
  await i18n.init({ ...i18nConfig, lng, ns: [...ALL_NAMESPACES], resources });
  return i18n;
}

beforeAll(async () => {
  const admin = await createUser("kassir", "secret-pass", "admin");
  await createUser("member", "secret-pass", "user");
  adminCookie = await signInAs("kassir");
  memberCookie = await signInAs("member");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Малчдын өвөл",
      description: "Тест",
      goal_amount: 1_000_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Сан",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
  await monthlyGift("M100001", { donor_name: "Сарнай", amount: 20_000 });
  await monthlyGift("M100002", { donor_name: "Бат", amount: 15_000, method: "reminder" });
  await monthlyGift("M100003", { donor_name: "Дулмаа", status: "paused", paused_until: "2027-03" });
  await monthlyGift("M100004", {
    donor_name: "Төмөр",
    status: "stopped",
    stopped_at: "2026-10-01T00:00:00.000Z",
  });
  await monthlyGift("M100005", { donor_name: "Сайтын дэмжигч", pool_id: null, amount: 5_000 });
  await db
    .insert(monthlyGiftMonths)
    .values({ gift_id: ids.M100002!, month: "2026-09", state: "missed" });

  // Two months of Сарнай's standing order, through the real statement import.
  const csv = [
    "Date,Description,Debit,Credit,Balance,Counterparty name,Counterparty account,Transaction number",
    '2026/09/10 08:00,M100001,,"20,000.00",,Сарнай Б,5012345678,GL1',
    '2026/10/10 08:00,M100001,,"20,000.00",,Сарнай Б,5012345678,GL2',
  ].join("\n");
  await importStatement({ name: "s.csv", bytes: new TextEncoder().encode(csv) }, "auto", admin);
  const view = await reconciliationView();
  const summary = await confirmAssignments(
    view.exact.map((m) => `${m.line.id}:${m.candidates[0]!.kind}:${m.candidates[0]!.id}`),
    admin,
  );
  expect(summary.confirmed).toHaveLength(2);
});

describe("the campaign page's monthly figure", () => {
  it("counts the active monthly gifts and sums what they promise, apart from the total", async () => {
    const pool = await getPoolDetail(poolId);
    // Сарнай and Бат give monthly; the paused, the stopped and the site's are not counted.
    expect(pool).toMatchObject({ monthly_givers: 2, monthly_amount: 35_000 });
    // The total is what arrived: two of Сарнай's months, nothing promised.
    expect(pool!.current_amount).toBe(40_000);
    expect(pool!.pledged_amount).toBe(0);
  });

  it("shows it in the funding card in both languages, and not at all when nobody gives monthly", async () => {
    const pool = (await getPoolDetail(poolId))!;
    const render = async (lng: "mn" | "en", values = pool) => {
      const router = createMemoryRouter(
        [{ path: "/", element: createElement(FundingCard, { pool: values }) }],
        { initialEntries: ["/"] },
      );
      return renderToString(
        createElement(
          I18nextProvider,
          { i18n: await i18nFor(lng) },
          createElement(RouterProvider, { router }),
        ),
      );
    };
    const mn = await render("mn");
    expect(mn).toContain('data-testid="pool-monthly"');
    expect(mn).toContain("2 хүн сар бүр хандивладаг: сард 35,000₮");
    expect(mn).toContain("нийт дүнд ороогүй");
    const en = await render("en");
    expect(en).toContain("2 people give every month: 35,000₮ a month");
    expect(en).toContain("not yet in the total");
    const none = await render("en", { ...pool, monthly_givers: 0, monthly_amount: 0 });
    expect(none).not.toContain('data-testid="pool-monthly"');
  });

  it("is in the campaign's /api answer", async () => {
    const res = (await poolApi(
      routeArgs(getRequest(`/api/donation-pools/${poolId}?detailed=true`), { id: String(poolId) }),
    )) as Response;
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      monthly_givers: 2,
      monthly_amount: 35_000,
      current_amount: 40_000,
    });
  });
});

describe("the ledger", () => {
  it("marks the months of a monthly gift in its /api and its CSV", async () => {
    const res = (await ledgerApi(
      routeArgs(getRequest(`/api/donation-pools/${poolId}/ledger`), { id: String(poolId) }),
    )) as Response;
    const body = await res.json();
    expect(
      body.lines.map((l: { gift_month: string | null; amount: number }) => [
        l.gift_month,
        l.amount,
      ]),
    ).toEqual([
      ["2026-10", 20_000],
      ["2026-09", 20_000],
    ]);
    // Dated by the transfer (08:00 in Ulaanbaatar), not by when it was confirmed.
    expect(body.lines[0].date).toBe("2026-10-10T00:00:00.000Z");
    expect(body.totals.verified_amount).toBe(40_000);

    const csv = (await ledgerCsv(
      routeArgs(getRequest(`/donation-pools/${poolId}/ledger.csv?lng=en`), { id: String(poolId) }),
    )) as Response;
    const rows = (await csv.text()).trimEnd().split("\r\n");
    expect(rows[0]).toContain("Gifts (₮),Spent (₮),Monthly gift (month)");
    expect(rows[1]).toMatch(/,20000,,2026-10$/);
    expect(rows[2]).toMatch(/,20000,,2026-09$/);
  });
});

describe("the administrators' list of monthly donors", () => {
  it("lists each with its campaign or the site, amount, day, method, status, code and months", async () => {
    const list = await listMonthlyDonors("all");
    expect(list.counts).toEqual({ all: 5, active: 3, paused: 1, stopped: 1 });
    const sarnai = list.items.find((r) => r.payment_code === "M100001")!;
    expect(sarnai).toMatchObject({
      donor_name: "Сарнай",
      pool_id: poolId,
      pool_name: "Малчдын өвөл",
      amount: 20_000,
      day_of_month: 10,
      method: "standing_order",
      status: "active",
      months_paid: ["2026-09", "2026-10"],
      months_missed: [],
    });
    expect(list.items.find((r) => r.payment_code === "M100002")).toMatchObject({
      method: "reminder",
      months_paid: [],
      months_missed: ["2026-09"],
    });
    expect(list.items.find((r) => r.payment_code === "M100005")).toMatchObject({
      pool_id: null,
      pool_name: null,
    });
    const paused = await listMonthlyDonors("paused");
    expect(paused.items.map((r) => r.payment_code)).toEqual(["M100003"]);
    expect(paused.total).toBe(1);
  });

  it("/admin/donations/monthly: filtered by a link, rendered on the server (no JavaScript needed)", async () => {
    const data = (await monthlyPage(
      routeArgs(getRequest("/admin/donations/monthly?status=stopped", adminCookie)),
    )) as Awaited<ReturnType<typeof monthlyPage>>;
    expect(data.list.items.map((r) => r.payment_code)).toEqual(["M100004"]);
    for (const lng of ["mn", "en"] as const) {
      const all = await monthlyPage(routeArgs(getRequest("/admin/donations/monthly", adminCookie)));
      const router = createMemoryRouter(
        [
          {
            id: "monthly",
            path: "/admin/donations/monthly",
            element: createElement(AdminMonthlyPage),
            loader: () => all,
          },
        ],
        {
          initialEntries: ["/admin/donations/monthly"],
          hydrationData: { loaderData: { monthly: all } },
        },
      );
      const html = renderToString(
        createElement(
          I18nextProvider,
          { i18n: await i18nFor(lng) },
          createElement(RouterProvider, { router }),
        ),
      );
      expect(html.match(/data-testid="monthly-donor"/g)).toHaveLength(5);
      expect(html).toContain('href="/admin/donations/monthly?status=paused"');
      expect(html).toContain("M100001");
      expect(html).toContain("2026-10");
      expect(html).toContain(lng === "mn" ? "Байнгын гүйлгээ" : "Standing order");
      expect(html).toContain(lng === "mn" ? "Сайтад" : "To the site");
    }
  });

  it("sends a member to / and a visitor to sign in", async () => {
    for (const cookie of [undefined, memberCookie]) {
      const thrown = await monthlyPage(
        routeArgs(getRequest("/admin/donations/monthly", cookie)),
      ).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expectSentAway(thrown as Response, cookie);
    }
  });

  it("GET /api/admin/monthly answers administrators, refuses a member (403) and a visitor (401)", async () => {
    const ask = (path: string, cookie?: string) =>
      monthlyApi(routeArgs(getRequest(path, cookie))) as Promise<Response>;
    const res = await ask("/api/admin/monthly?status=active", adminCookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: "active", total: 3, page: 1, page_count: 1 });
    expect(body.counts).toEqual({ all: 5, active: 3, paused: 1, stopped: 1 });
    expect(
      body.items.find((r: { payment_code: string }) => r.payment_code === "M100001"),
    ).toMatchObject({
      months_paid: ["2026-09", "2026-10"],
    });
    expect((await ask("/api/admin/monthly", memberCookie)).status).toBe(403);
    expect((await ask("/api/admin/monthly")).status).toBe(401);
    // A status it does not know lists them all.
    const odd = await (await ask("/api/admin/monthly?status=nonsense", adminCookie)).json();
    expect(odd.total).toBe(5);
  });

  it("the month of a monthly gift is paid, whatever verified it", async () => {
    const rows = await db
      .select()
      .from(monthlyGiftMonths)
      .where(eq(monthlyGiftMonths.gift_id, ids.M100001!));
    expect(rows.map((r) => [r.month, r.state]).sort()).toEqual([
      ["2026-09", "paid"],
      ["2026-10", "paid"],
    ]);
  });
});
