import { eq } from "drizzle-orm";
import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import {
  donationPools,
  donations,
  outbox,
  poolDonations,
  reports,
  stories,
  storyReads,
  users,
} from "#db/schema";
import { ALL_NAMESPACES, i18nConfig } from "~/i18n";
import { dayBefore, lastDays } from "~/lib/ub-days";
import { resources } from "~/locales/index.server";
import { type AdminOverview, adminOverview } from "~/models/admin-overview.server";
import { createUser, type User } from "~/models/users.server";
import AdminLayout, { loader as adminLayout } from "~/routes/admin";
import AdminOverviewPage, { loader as overviewPage } from "~/routes/admin._index";
import { loader as approvals } from "~/routes/admin.approvals";
import { loader as overviewApi } from "~/routes/api.admin.overview";
import { expectSentAway, getRequest, routeArgs, signInAs } from "./helpers";

/**
 * Issue 42 item 5: the administrators' overview. What waits (each with its tab) and the last 90
 * Ulaanbaatar days: gifts confirmed by the day they were verified, pledges still waiting by the
 * day made, new stories, new accounts, reads. Seeded with known rows; each series checked.
 */

let admin: User;
let adminCookie: string;
let memberCookie: string;
const days = lastDays(90);
const today = days.at(-1)!;
const ago = (n: number) => dayBefore(today, n);
/** Noon in Ulaanbaatar on a day `n` days ago, as stored (UTC). */
const noonAgo = (n: number) => `${ago(n)}T04:00:00.000Z`;

let seq = 0;
const pledge = (
  poolId: number,
  amount: number,
  status: "pending" | "verified" | "rejected",
  made: string,
  decided: string | null,
) => ({
  pool_id: poolId,
  donor_name: "Бат",
  phone_number: "99119911",
  amount,
  transaction_reference: `ref-${++seq}`,
  status,
  status_token: `tok-${seq}`,
  donation_date: made,
  decided_at: decided,
});

const story = (owner: User, title: string, status: "pending" | "approved", at: string) => ({
  user_id: owner.id,
  author: owner.username,
  title,
  story: "Намрын нэгэн өдөр.",
  pricing_tier: "free" as const,
  status,
  bank_name: "TDB",
  bank_account: "123456",
  submitted_at: at,
});

beforeAll(async () => {
  admin = await createUser("ov_admin", "secret-pass", "admin");
  const member = await createUser("ov_member", "secret-pass");
  const old = await createUser("ov_old", "secret-pass");
  // Two accounts made today (the admin and the member), one long ago, one 3 days ago.
  await db
    .update(users)
    .set({ created_at: noonAgo(200) })
    .where(eq(users.id, old.id));
  const three = await createUser("ov_three", "secret-pass");
  await db
    .update(users)
    .set({ created_at: noonAgo(3) })
    .where(eq(users.id, three.id));
  adminCookie = await signInAs(admin.username);
  memberCookie = await signInAs(member.username);

  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Аян",
      description: "Тайлбар",
      goal_amount: 100_000,
      bank_name: "TDB",
      bank_account: "1",
      account_name: "ТББ",
    })
    .returning({ id: donationPools.id });
  await db.insert(poolDonations).values([
    // Verified 10 days ago (made 12 days ago: the day verified counts).
    pledge(pool!.id, 5_000, "verified", noonAgo(12), noonAgo(10)),
    pledge(pool!.id, 7_000, "verified", noonAgo(11), noonAgo(10)),
    // Verified at 17:30 UTC the day before: already the next day in Ulaanbaatar (UTC+8).
    pledge(pool!.id, 2_000, "verified", noonAgo(6), `${ago(6)}T17:30:00.000Z`),
    // Still waiting, made 4 days ago.
    pledge(pool!.id, 3_000, "pending", noonAgo(4), null),
    // Rejected, and verified before the 90 days: neither counts.
    pledge(pool!.id, 9_000, "rejected", noonAgo(4), noonAgo(4)),
    pledge(pool!.id, 11_000, "verified", noonAgo(120), noonAgo(100)),
  ]);
  // A site donation verified 5 days ago, and one still waiting made today.
  await db.insert(donations).values([
    {
      donor_name: "Сараа",
      phone_number: "99119912",
      amount: 10_000,
      bank_name: "TDB",
      status: "verified",
      status_token: "site-1",
      donation_date: noonAgo(5),
      decided_at: noonAgo(5),
    },
    {
      donor_name: "Дорж",
      phone_number: "99119913",
      amount: 1_000,
      bank_name: "TDB",
      status: "pending",
      status_token: "site-2",
      donation_date: noonAgo(0),
    },
  ]);

  const created = await db
    .insert(stories)
    .values([
      story(member, "Шинэ түүх", "pending", noonAgo(0)),
      story(member, "Өчигдрийн түүх", "approved", noonAgo(1)),
      story(old, "Хуучин түүх", "approved", noonAgo(300)),
    ])
    .returning({ id: stories.id });
  const [fresh, yesterday, oldStory] = created.map((s) => s.id);
  await db.insert(storyReads).values([
    { story_id: yesterday!, day: today, reads: 4 },
    { story_id: oldStory!, day: today, reads: 6 },
    { story_id: oldStory!, day: ago(30), reads: 5 },
    { story_id: oldStory!, day: ago(89), reads: 1 },
    // Before the 90 days.
    { story_id: oldStory!, day: ago(90), reads: 100 },
  ]);
  await db.insert(reports).values({
    target_type: "story",
    target_id: fresh!,
    reporter_id: old.id,
    reason: "spam",
  });
  const message = (key: string, status: "failed" | "dead" | "sent") => ({
    dedupe_key: key,
    channel: "sms" as const,
    recipient: "99000001",
    kind: "pledge.received",
    status,
  });
  await db
    .insert(outbox)
    .values([message("a", "failed"), message("b", "dead"), message("c", "sent")]);
});

const seriesOf = (o: AdminOverview, key: string) => o.series.find((s) => s.key === key)!;
const onDay = (o: AdminOverview, key: string, day: string) =>
  seriesOf(o, key).perDay.find((d) => d.day === day);

describe("adminOverview", () => {
  it("says what waits, each with the tab where it is worked on", async () => {
    const o = await adminOverview();
    expect(o.waits).toEqual([
      { key: "approvals", count: 1, href: "/admin/approvals" },
      { key: "payments", count: 0, href: "/admin/payments?filter=pending" },
      { key: "gifts", count: 2, href: "/admin/donations/pending" },
      { key: "reports", count: 1, href: "/admin/reports" },
      { key: "messages", count: 2, href: "/admin/messages?filter=failed" },
    ]);
  });

  it("gives the last 90 Ulaanbaatar days of each series, oldest first, zeros included", async () => {
    const o = await adminOverview();
    expect(o.from).toBe(ago(89));
    expect(o.to).toBe(today);
    for (const s of o.series) {
      expect(s.perDay.map((d) => d.day)).toEqual(days);
    }
  });

  it("counts gifts confirmed on the day they were verified, pledges and site donations", async () => {
    const o = await adminOverview();
    expect(onDay(o, "giftsConfirmed", ago(10))).toEqual({ day: ago(10), count: 2, amount: 12_000 });
    expect(onDay(o, "giftsConfirmed", ago(5))).toEqual({ day: ago(5), count: 2, amount: 12_000 });
    expect(onDay(o, "giftsConfirmed", ago(6))).toEqual({ day: ago(6), count: 0, amount: 0 });
    expect(seriesOf(o, "giftsConfirmed")).toMatchObject({
      count: 4,
      amount: 24_000,
      href: "/admin/activity?action=donation.verify",
    });
  });

  it("counts pledges still waiting on the day they were made", async () => {
    const o = await adminOverview();
    expect(onDay(o, "pledgesWaiting", ago(4))).toEqual({ day: ago(4), count: 1, amount: 3_000 });
    expect(onDay(o, "pledgesWaiting", today)).toEqual({ day: today, count: 1, amount: 1_000 });
    expect(seriesOf(o, "pledgesWaiting")).toMatchObject({ count: 2, amount: 4_000 });
  });

  it("counts new stories, new accounts and reads per day", async () => {
    const o = await adminOverview();
    expect(onDay(o, "newStories", today)?.count).toBe(1);
    expect(onDay(o, "newStories", ago(1))?.count).toBe(1);
    expect(seriesOf(o, "newStories")).toMatchObject({ count: 2, amount: null });
    expect(onDay(o, "newAccounts", today)?.count).toBe(2);
    expect(onDay(o, "newAccounts", ago(3))?.count).toBe(1);
    expect(seriesOf(o, "newAccounts").count).toBe(3);
    expect(onDay(o, "reads", today)?.count).toBe(10);
    expect(onDay(o, "reads", ago(30))?.count).toBe(5);
    expect(onDay(o, "reads", ago(89))?.count).toBe(1);
    expect(seriesOf(o, "reads")).toMatchObject({ count: 16, href: "/admin/stories" });
  });
});

describe("/admin", () => {
  type Data = { overview: AdminOverview };
  const open = (cookie?: string) =>
    overviewPage(routeArgs(getRequest("/admin", cookie))) as unknown as Promise<Data>;

  it("opens the overview for an administrator", async () => {
    const data = await open(adminCookie);
    expect(data).not.toBeInstanceOf(Response);
    expect(data.overview.waits.find((w) => w.key === "approvals")?.count).toBe(1);
    expect(seriesOf(data.overview, "reads").count).toBe(16);
  });

  it("sends a member to / and a visitor to sign in", async () => {
    for (const cookie of [undefined, memberCookie]) {
      const thrown = await open(cookie).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expectSentAway(thrown as Response, cookie);
    }
  });

  it("leaves /admin/approvals where it was", async () => {
    const data = (await approvals(routeArgs(getRequest("/admin/approvals", adminCookie)))) as {
      total: number;
    };
    expect(data.total).toBe(1);
  });
});

describe("GET /api/admin/overview", () => {
  const ask = (cookie?: string) =>
    overviewApi(routeArgs(getRequest("/api/admin/overview", cookie))) as Promise<Response>;

  it("answers an administrator with the waits and the series", async () => {
    const res = await ask(adminCookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.from).toBe(ago(89));
    expect(body.to).toBe(today);
    expect(body.waiting.failed_messages).toEqual({
      count: 2,
      link: "/admin/messages?filter=failed",
    });
    expect(body.waiting.pending_gifts.count).toBe(2);
    expect(body.series.gifts_confirmed).toMatchObject({ count: 4, amount: 24_000 });
    expect(body.series.gifts_confirmed.per_day).toHaveLength(90);
    expect(
      body.series.gifts_confirmed.per_day.find((d: { day: string }) => d.day === ago(10)),
    ).toEqual({ day: ago(10), count: 2, amount: 12_000 });
    expect(body.series.reads.per_day.at(-1)).toEqual({ day: today, count: 10 });
    expect(body.series.new_accounts.link).toBeNull();
  });

  it("refuses a member (403) and a visitor (401)", async () => {
    const member = await ask(memberCookie);
    expect(member.status).toBe(403);
    expect((await member.json()).error).toBeTruthy();
    expect((await ask()).status).toBe(401);
  });
});

describe("the /admin page", () => {
  /** The admin frame with the overview, as the server renders it (no JavaScript needed). */
  async function render(path: string, lng: "mn" | "en") {
    const frame = await adminLayout(routeArgs(getRequest("/admin", adminCookie)));
    const overview = await overviewPage(routeArgs(getRequest("/admin", adminCookie)));
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, lng, ns: [...ALL_NAMESPACES], resources });
    const router = createMemoryRouter(
      [
        {
          id: "admin",
          path: "/admin",
          element: createElement(AdminLayout),
          loader: () => frame,
          children: [
            {
              id: "overview",
              index: true,
              element: createElement(AdminOverviewPage),
              loader: () => overview,
            },
            { id: "approvals", path: "approvals", element: createElement("p", null, "queue") },
          ],
        },
      ],
      {
        initialEntries: [path],
        hydrationData: { loaderData: { admin: frame, overview, approvals: null } },
      },
    );
    return renderToString(
      createElement(I18nextProvider, { i18n }, createElement(RouterProvider, { router })),
    );
  }

  it("links each waiting thing to its tab and draws each series with its table", async () => {
    const html = await render("/admin", "mn");
    for (const href of [
      "/admin/approvals",
      "/admin/payments?filter=pending",
      "/admin/donations/pending",
      "/admin/reports",
      "/admin/messages?filter=failed",
    ]) {
      expect(html).toContain(`href="${href.replace("&", "&amp;")}"`);
    }
    expect(html).toMatch(/data-wait="messages"[^>]*><span[^>]*>2<\/span>/);
    expect(html).toContain("Хүлээгдэж буй ажил");
    // Gifts confirmed: the count and the sum link to the confirmations in the activity log.
    expect(html).toMatch(
      /data-testid="series-count"[^>]*href="\/admin\/activity\?action=donation.verify">4 хандив</,
    );
    expect(html).toContain(">24,000₮</a>");
    // Accounts have no tab of their own: the number is shown, not linked.
    expect(html).toMatch(/<span data-testid="series-count">3 бүртгэл<\/span>/);
    for (const chart of [
      "chart-giftsConfirmed-amount",
      "chart-giftsConfirmed",
      "chart-pledgesWaiting",
      "chart-newStories",
      "chart-newAccounts",
      "chart-reads",
    ]) {
      expect(html).toContain(`data-testid="${chart}"`);
    }
    expect(html.match(/data-testid="chart-table"/g)).toHaveLength(6);
    expect(html).toContain('aria-label="Өдөр тутмын уншилт, сүүлийн 90 хоног"');
    expect(html).not.toMatch(/overview\.|series\./);
  });

  it("names each of a card's two charts: the sum, then the number of gifts", async () => {
    const chartsOf = (html: string) => {
      const start = html.indexOf('data-series-card="giftsConfirmed"');
      return html.slice(start, html.indexOf("</li>", start));
    };
    const mn = chartsOf(await render("/admin", "mn"));
    expect(mn).toMatch(
      /<h4[^>]*>Дүн<\/h4>[\s\S]*data-testid="chart-giftsConfirmed-amount"[\s\S]*<h4[^>]*>Хандивын тоо<\/h4>[\s\S]*data-testid="chart-giftsConfirmed"/,
    );
    const en = chartsOf(await render("/admin", "en"));
    expect(en).toMatch(
      /<h4[^>]*>Sum<\/h4>[\s\S]*data-testid="chart-giftsConfirmed-amount"[\s\S]*<h4[^>]*>Number of gifts<\/h4>[\s\S]*data-testid="chart-giftsConfirmed"/,
    );
  });

  it("reads in English too", async () => {
    const html = await render("/admin", "en");
    expect(html).toContain("What waits");
    expect(html).toContain(">4 gifts</a>");
    expect(html).toContain("Story reads per day, last 90 days");
    expect(html).not.toMatch(/overview\.|series\./);
  });

  it("lights the Overview tab on /admin only", async () => {
    const tab = (html: string, href: string) =>
      html.match(new RegExp(`<a[^>]*href="${href}"[^>]*>`))?.[0] ?? "";
    const home = await render("/admin", "en");
    expect(tab(home, "/admin")).toContain('aria-current="page"');
    expect(tab(home, "/admin/approvals")).not.toContain('aria-current="page"');
    const queue = await render("/admin/approvals", "en");
    expect(tab(queue, "/admin")).not.toContain('aria-current="page"');
    expect(tab(queue, "/admin/approvals")).toContain('aria-current="page"');
    expect(queue).toContain(">Overview<");
  });
});
