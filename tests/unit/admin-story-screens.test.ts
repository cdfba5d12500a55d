import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { stories } from "#db/schema";
import { landOnValidPage } from "~/components/admin/stories/list-params";
import { readToast } from "~/models/sessions.server";
import { createUser, type User } from "~/models/users.server";
import { loader as approvals, action as approvalsAction } from "~/routes/admin.approvals";
import { loader as payments } from "~/routes/admin.payments";
import { action as paymentAction, loader as paymentDetails } from "~/routes/admin.payments.$id";
import { loader as adminStories, action as storiesAction } from "~/routes/admin.stories";
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

/**
 * The story tabs of the admin dashboard (spec 02 §2 Approvals, Stories, Payments) through their
 * loaders and actions: administrators only, the lists' filters, search and pages from the URL,
 * and each decision with its toast, including the refusal to approve an unpaid premium story.
 */

let author: User;
let adminCookie: string;
let userCookie: string;

type Fn = (args: RouteArgs) => Promise<unknown>;
async function load<T extends Fn>(
  fn: T,
  path: string,
  cookie = adminCookie,
  params: Record<string, string> = {},
) {
  return (await fn(routeArgs(getRequest(path, cookie), params))) as Exclude<
    Awaited<ReturnType<T>>,
    Response
  >;
}

/** Posts a form as `cookie` (undefined: anonymous). */
async function postAs(
  cookie: string | undefined,
  fn: Fn,
  path: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) {
  return (await fn(routeArgs(formRequest(path, fields, cookie), params))) as Response;
}

/** Posts a form as the administrator. */
const post = (
  fn: Fn,
  path: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) => postAs(adminCookie, fn, path, fields, params);

/** The toast a redirect carries, as the next page would read it. */
async function toastOf(res: Response) {
  const cookie = cookiesFrom(res);
  const { toast } = await readToast(new Request(ORIGIN, { headers: { cookie } }));
  return toast;
}

const location = (res: Response) => {
  const url = new URL(res.headers.get("Location") ?? "", ORIGIN);
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
};

let minute = 0;
/** Inserts a story straight into the table (the submission rate limit is not under test), each newer than the last. */
async function addStory(values: Partial<typeof stories.$inferInsert> & { title: string }) {
  minute += 1;
  const paid = (values.pricing_tier ?? "free") !== "free";
  const [row] = await db
    .insert(stories)
    .values({
      user_id: author.id,
      author: author.username,
      story: "Намрын нэгэн өдөр бид голын эрэг дээр суугаад нар жаргахыг харлаа.",
      pricing_tier: "free",
      bank_name: "Khan Bank",
      bank_account: "5012345678",
      account_name: "Бат",
      status: "pending",
      payment_status: paid ? "pending" : "verified",
      payment_reference: paid ? "123456" : null,
      price: paid ? 3000 : 0,
      featured_days: paid ? 3 : null,
      submitted_at: new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString(),
      ...values,
    })
    .returning({ id: stories.id });
  return row!.id;
}

const statusOf = async (id: number) =>
  (await db.query.stories.findFirst({ where: eq(stories.id, id) }))?.status;

let premiumIds: number[];
let freePendingIds: number[];

beforeAll(async () => {
  await createUser("chief", "secret-pass", "admin");
  author = await createUser("storyteller_mn", "secret-pass");
  adminCookie = await signInAs("chief");
  userCookie = await signInAs("storyteller_mn");
  freePendingIds = [];
  premiumIds = [];
  for (let i = 0; i < 3; i++) freePendingIds.push(await addStory({ title: `Үнэгүй ${i}` }));
  for (let i = 0; i < 7; i++)
    premiumIds.push(await addStory({ title: `Онцлох ${i}`, pricing_tier: "daily" }));
});

describe("admin story tabs: administrators only", () => {
  it("loaders and actions send users to / and visitors to sign in", async () => {
    const id = String(premiumIds[0]);
    for (const cookie of [undefined, userCookie]) {
      const attempts: Promise<unknown>[] = [
        approvals(routeArgs(getRequest("/admin/approvals", cookie))),
        adminStories(routeArgs(getRequest("/admin/stories", cookie))),
        payments(routeArgs(getRequest("/admin/payments", cookie))),
        paymentDetails(routeArgs(getRequest(`/admin/payments/${id}`, cookie), { id })),
        postAs(cookie, approvalsAction, "/admin/approvals", { intent: "approve", id }),
        postAs(cookie, approvalsAction, "/admin/approvals", { intent: "reject", id }),
        postAs(cookie, approvalsAction, "/admin/approvals", { intent: "verify", id }),
        postAs(cookie, storiesAction, "/admin/stories", { intent: "delete", id }),
        postAs(cookie, paymentAction, `/admin/payments/${id}`, { intent: "verify", id }, { id }),
      ];
      for (const attempt of attempts) {
        const thrown = await attempt.then(
          () => null,
          (e: unknown) => e,
        );
        expect(thrown).toBeInstanceOf(Response);
        expect((thrown as Response).status).toBe(302);
        expectSentAway(thrown as Response, cookie);
      }
    }
    // Nothing happened to the story.
    const row = await db.query.stories.findFirst({ where: eq(stories.id, premiumIds[0]!) });
    expect(row).toMatchObject({ status: "pending", payment_status: "pending" });
  });
});

describe("/admin/approvals", () => {
  it("lists pending stories newest first, 5 a page, with what a card shows", async () => {
    const first = await load(approvals, "/admin/approvals");
    expect(first.filter).toBe("all");
    expect(first.total).toBe(10);
    expect(first.pageCount).toBe(2);
    expect(first.stories.map((s) => s.id)).toEqual([...premiumIds].reverse().slice(0, 5));
    const card = first.stories[0]!;
    expect(card).toMatchObject({
      pricing_tier: "daily",
      payment_status: "pending",
      payment_reference: "123456",
      bank_name: "Khan Bank",
      bank_account: "5012345678",
      account_name: "Бат",
      read_minutes: 1,
      thumbnail_url: null,
    });
    const second = await load(approvals, "/admin/approvals?page=2");
    expect(second.page).toBe(2);
    expect(second.stories.map((s) => s.id)).toEqual([
      premiumIds[1],
      premiumIds[0],
      ...[...freePendingIds].reverse(),
    ]);
  });

  it("premium filter keeps the paid stories; an unknown filter or page falls back", async () => {
    const premium = await load(approvals, "/admin/approvals?filter=premium&page=2");
    expect(premium.filter).toBe("premium");
    expect(premium.total).toBe(7);
    expect(premium.stories.map((s) => s.id)).toEqual([premiumIds[1], premiumIds[0]]);
    const odd = await load(approvals, "/admin/approvals?filter=%27&page=abc");
    expect(odd.filter).toBe("all");
    expect(odd.page).toBe(1);
    const far = await load(approvals, "/admin/approvals?page=99");
    expect(far.page).toBe(2);
  });

  it("excerpt is 150 characters; read time is length / 500 rounded up", async () => {
    const id = await addStory({ title: "Урт түүх", story: "а".repeat(1001) });
    const { stories: cards } = await load(approvals, "/admin/approvals");
    const card = cards.find((s) => s.id === id)!;
    expect(card.excerpt).toBe(`${"а".repeat(150)}…`);
    expect(card.read_minutes).toBe(3);
    await db.delete(stories).where(eq(stories.id, id));
  });

  it("approve is refused while the payment is pending: back with the error toast", async () => {
    const id = String(premiumIds[6]);
    const res = await post(approvalsAction, "/admin/approvals?filter=premium", {
      intent: "approve",
      id,
    });
    expect(res.status).toBe(302);
    expect(location(res)).toEqual({ path: "/admin/approvals", params: { filter: "premium" } });
    expect(await toastOf(res)).toEqual({
      type: "error",
      title: "admin:toast.failed",
      description: "admin:errors.paymentPending",
    });
    expect(await statusOf(premiumIds[6]!)).toBe("pending");
  });

  it("verify payment, then approve: both with their success toasts", async () => {
    const id = String(premiumIds[6]);
    const verified = await post(approvalsAction, "/admin/approvals?filter=premium", {
      intent: "verify",
      id,
      amount_received: "3000",
    });
    expect(await toastOf(verified)).toEqual({
      type: "success",
      title: "admin:approvals.toast.verified",
    });
    const card = (await load(approvals, "/admin/approvals?filter=premium")).stories.find(
      (s) => s.id === premiumIds[6],
    );
    expect(card?.payment_status).toBe("verified");

    const approved = await post(approvalsAction, "/admin/approvals?filter=premium", {
      intent: "approve",
      id,
    });
    expect(await toastOf(approved)).toEqual({
      type: "success",
      title: "admin:approvals.toast.approved",
    });
    const row = await db.query.stories.findFirst({ where: eq(stories.id, premiumIds[6]!) });
    expect(row?.status).toBe("approved");
    expect(row?.expires_at).toBeTruthy();
    // Taken twice (another tab): the second is refused, not an error page.
    const again = await post(approvalsAction, "/admin/approvals", { intent: "approve", id });
    expect(await toastOf(again)).toMatchObject({
      type: "error",
      description: "admin:errors.notPending",
    });
  });

  it("reject: the story leaves the pending list and is kept as rejected", async () => {
    const id = freePendingIds[2]!;
    const res = await post(approvalsAction, "/admin/approvals", {
      intent: "reject",
      id: String(id),
    });
    expect(await toastOf(res)).toEqual({
      type: "success",
      title: "admin:approvals.toast.rejected",
    });
    expect(await statusOf(id)).toBe("rejected");
    const { stories: left } = await load(approvals, "/admin/approvals?page=2");
    expect(left.map((s) => s.id)).not.toContain(id);
  });

  it("free stories approve directly; an unknown intent or id is an error toast", async () => {
    const res = await post(approvalsAction, "/admin/approvals", {
      intent: "approve",
      id: String(freePendingIds[1]),
    });
    expect((await toastOf(res))?.type).toBe("success");
    expect(await statusOf(freePendingIds[1]!)).toBe("approved");
    const unknown = await post(approvalsAction, "/admin/approvals", {
      intent: "delete",
      id: String(freePendingIds[0]),
    });
    expect(await toastOf(unknown)).toMatchObject({
      type: "error",
      description: "admin:stories.errors.unknownAction",
    });
    expect(await statusOf(freePendingIds[0]!)).toBe("pending");
    const missing = await post(approvalsAction, "/admin/approvals", {
      intent: "reject",
      id: "99999",
    });
    expect(await toastOf(missing)).toMatchObject({ type: "error" });
  });

  it("deciding the last story of the last page lands on the page before", async () => {
    const { total } = await load(approvals, "/admin/approvals");
    // Make the last page hold exactly one story.
    const extra = (((1 - total) % 5) + 5) % 5;
    for (let i = 0; i < extra; i++) await addStory({ title: `Нэмэлт ${i}` });
    const count = total + extra;
    const last = Math.ceil(count / 5);
    expect(last).toBeGreaterThanOrEqual(2);
    const page = await load(approvals, `/admin/approvals?page=${last}`);
    expect(page.stories).toHaveLength(1);
    const res = await post(approvalsAction, `/admin/approvals?page=${last}`, {
      intent: "reject",
      id: String(page.stories[0]!.id),
    });
    expect(location(res)).toEqual({
      path: "/admin/approvals",
      params: last - 1 > 1 ? { page: String(last - 1) } : {},
    });
  });
});

describe("/admin/stories", () => {
  let autumn: number[];

  beforeAll(async () => {
    autumn = [];
    for (let i = 0; i < 11; i++) {
      autumn.push(
        await addStory({
          title: `Хотын гэрэл ${i} — маш урт гарчигтай түүх энд байна`,
          story: "ШАР НАВЧ унаж эхэллээ, хот намрын өнгөнд умбав.",
          status: "approved",
          approved_at: new Date().toISOString(),
          pricing_tier: i % 2 ? "weekly" : "free",
          payment_status: "verified",
          payment_reference: i % 2 ? "654321" : null,
        }),
      );
    }
  });

  it("searches title, author and text in any letter case, Cyrillic too", async () => {
    const byText = await load(
      adminStories,
      "/admin/stories?search=%D1%88%D0%B0%D1%80+%D0%BD%D0%B0%D0%B2%D1%87",
    );
    expect(byText.search).toBe("шар навч");
    expect(byText.total).toBe(11);
    expect(byText.stories).toHaveLength(10);
    expect(byText.pageCount).toBe(2);
    expect(byText.stories[0]!.id).toBe(autumn[10]);
    const byTitle = await load(
      adminStories,
      `/admin/stories?search=${encodeURIComponent("ХОТЫН ГЭРЭЛ 3")}`,
    );
    expect(byTitle.stories.map((s) => s.id)).toEqual([autumn[3]]);
    const byAuthor = await load(adminStories, "/admin/stories?search=STORYTELLER_MN");
    expect(byAuthor.total).toBeGreaterThan(11);
    const none = await load(adminStories, "/admin/stories?search=%25%25");
    expect(none.total).toBe(0);
  });

  it("filters all / approved / featured / regular from the URL, 10 a page", async () => {
    const q = `search=${encodeURIComponent("шар навч")}`;
    const featured = await load(adminStories, `/admin/stories?${q}&filter=featured`);
    expect(featured.filter).toBe("featured");
    expect(new Set(featured.stories.map((s) => s.pricing_tier))).toEqual(new Set(["weekly"]));
    expect(featured.total).toBe(5);
    const regular = await load(adminStories, `/admin/stories?${q}&filter=regular`);
    expect(regular.total).toBe(6);
    expect(new Set(regular.stories.map((s) => s.pricing_tier))).toEqual(new Set(["free"]));
    const approved = await load(adminStories, "/admin/stories?filter=approved");
    expect(approved.stories.every((s) => s.status === "approved")).toBe(true);
    const all = await load(adminStories, "/admin/stories?filter=nonsense");
    expect(all.filter).toBe("all");
    // Pending and rejected stories are in "all", not in "approved".
    expect(all.total).toBeGreaterThan(approved.total);
    const page2 = await load(adminStories, `/admin/stories?${q}&page=2`);
    expect(page2.stories.map((s) => s.id)).toEqual([autumn[0]]);
  });

  it("delete: the story is gone, toast, and the last page's last story lands on a valid page", async () => {
    const q = encodeURIComponent("шар навч");
    const res = await post(storiesAction, `/admin/stories?search=${q}&filter=all&page=2`, {
      intent: "delete",
      id: String(autumn[0]),
    });
    expect(res.status).toBe(302);
    expect(location(res)).toEqual({
      path: "/admin/stories",
      params: { search: "шар навч", filter: "all" },
    });
    expect(await toastOf(res)).toEqual({ type: "success", title: "admin:stories.toast.deleted" });
    expect(await statusOf(autumn[0]!)).toBeUndefined();
    // Deleting twice is a not-found toast, not an error page.
    const again = await post(storiesAction, "/admin/stories", {
      intent: "delete",
      id: String(autumn[0]),
    });
    expect(await toastOf(again)).toMatchObject({
      type: "error",
      description: "errors.storyNotFound",
    });
    // Approve is not an action of this tab.
    const wrong = await post(storiesAction, "/admin/stories", {
      intent: "approve",
      id: String(autumn[1]),
    });
    expect((await toastOf(wrong))?.type).toBe("error");
  });
});

describe("/admin/payments", () => {
  it("counters and the pending filter by default; all and verified", async () => {
    const list = await load(payments, "/admin/payments");
    expect(list.filter).toBe("pending");
    expect(list.rows.every((r) => r.payment_status === "pending")).toBe(true);
    expect(list.rows.every((r) => r.pricing_tier !== "free")).toBe(true);
    const counters = list.counters;
    expect(counters.pending).toBe(list.total);
    const verified = await load(payments, "/admin/payments?filter=verified");
    expect(verified.total).toBe(counters.verified);
    expect(verified.rows.map((r) => r.id)).toContain(premiumIds[6]);
    const all = await load(payments, "/admin/payments?filter=all");
    expect(all.total).toBe(counters.pending + counters.verified);
    // Newest first.
    const times = all.rows.map((r) => r.submitted_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("details: title, author, tier with price, bank account, reference; 404 for free or unknown", async () => {
    const id = String(premiumIds[5]);
    const { story } = await load(paymentDetails, `/admin/payments/${id}`, adminCookie, { id });
    expect(story).toMatchObject({
      id: premiumIds[5],
      title: "Онцлох 5",
      author: "storyteller_mn",
      pricing_tier: "daily",
      price: 3000,
      current_price: 3000,
      days: 3,
      bank_name: "Khan Bank",
      bank_account: "5012345678",
      account_name: "Бат",
      payment_reference: "123456",
      payment_status: "pending",
    });
    for (const missing of [String(freePendingIds[0]), "999999", "abc"]) {
      const thrown = await load(paymentDetails, `/admin/payments/${missing}`, adminCookie, {
        id: missing,
      }).catch((e: unknown) => e);
      expect((thrown as Response).status).toBe(404);
    }
  });

  it("verify payment from the details: back to the details with the toast; it leaves the pending list", async () => {
    const id = String(premiumIds[5]);
    const res = await post(
      paymentAction,
      `/admin/payments/${id}?filter=pending`,
      { intent: "verify", id, amount_received: "3000" },
      { id },
    );
    expect(location(res)).toEqual({ path: `/admin/payments/${id}`, params: { filter: "pending" } });
    expect(await toastOf(res)).toEqual({
      type: "success",
      title: "admin:approvals.toast.verified",
    });
    const { story } = await load(paymentDetails, `/admin/payments/${id}`, adminCookie, { id });
    expect(story.payment_status).toBe("verified");
    const pending = await load(payments, "/admin/payments");
    expect(pending.rows.map((r) => r.id)).not.toContain(premiumIds[5]);
    const twice = await post(
      paymentAction,
      `/admin/payments/${id}`,
      { intent: "verify", id, amount_received: "3000" },
      { id },
    );
    expect(await toastOf(twice)).toMatchObject({
      type: "error",
      description: "admin:errors.alreadyVerified",
    });
  });
});

describe("list URLs", () => {
  it("landOnValidPage keeps the filters and lowers only a page past the end", () => {
    expect(landOnValidPage(`${ORIGIN}/admin/stories?search=x&page=3`, 2)).toBe(
      "/admin/stories?search=x&page=2",
    );
    expect(landOnValidPage(`${ORIGIN}/admin/stories?page=2&filter=approved`, 1)).toBe(
      "/admin/stories?filter=approved",
    );
    expect(landOnValidPage(`${ORIGIN}/admin/approvals?page=2&index`, 3)).toBe(
      "/admin/approvals?page=2",
    );
  });
});

describe("verifying a payment asks what arrived (issue 16)", () => {
  it("refuses a missing or bad amount with its message, and changes nothing", async () => {
    const id = await addStory({ title: "Дүнгүй баталгаажуулалт", pricing_tier: "daily" });
    for (const amount of [undefined, "", "0", "-5", "12.5", "abc"]) {
      const fields: Record<string, string> = { intent: "verify", id: String(id) };
      if (amount !== undefined) fields.amount_received = amount;
      const res = await post(approvalsAction, "/admin/approvals", fields);
      expect(await toastOf(res), String(amount)).toMatchObject({
        type: "error",
        description: "admin:validation.amountReceived",
      });
    }
    const row = await db.query.stories.findFirst({ where: eq(stories.id, id) });
    expect(row?.payment_status).toBe("pending");
  });

  it("takes a different amount, says so, and the activity log keeps both", async () => {
    const id = await addStory({ title: "Өөр дүн", pricing_tier: "daily" });
    const res = await post(approvalsAction, "/admin/approvals", {
      intent: "verify",
      id: String(id),
      amount_received: "2500",
    });
    expect(await toastOf(res)).toEqual({
      type: "success",
      title: "admin:approvals.toast.verified",
      description: "admin:approvals.toast.verifiedDifferent",
      values: { received: expect.stringContaining("2,500"), due: expect.stringContaining("3,000") },
    });
    const entry = await db.query.auditLog.findFirst({
      where: (a, { and, eq: is }) =>
        and(is(a.action, "story.verify_payment"), is(a.entity_id, String(id))),
    });
    expect(JSON.parse(entry!.details!)).toMatchObject({ amount_due: 3000, amount_received: 2500 });
  });

  it("the approval card shows the amount due and the payment code apart from the author's account", async () => {
    const id = await addStory({
      title: "Картын дүн",
      pricing_tier: "daily",
      payment_reference: "654321",
    });
    const { stories: cards } = await load(approvals, "/admin/approvals?filter=premium&page=1");
    const all = [...cards];
    for (let page = 2; !all.some((c) => c.id === id) && page < 10; page++) {
      all.push(...(await load(approvals, `/admin/approvals?filter=premium&page=${page}`)).stories);
    }
    expect(all.find((c) => c.id === id)).toMatchObject({
      price: 3000,
      payment_reference: "654321",
    });
  });
});
