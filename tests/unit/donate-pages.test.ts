import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, donations, poolDonations } from "#db/schema";
import { seed } from "#db/seed";
import { decideGeneralDonation, decidePoolDonation } from "~/models/donation-decide.server";
import { createUser, type User } from "~/models/users.server";
import { action as pledgeApi } from "~/routes/api.donation-pools.$id.donations";
import { action as donationApi } from "~/routes/api.donations";
import { action as donateAction, loader as donateLoader } from "~/routes/donate";
import { action as pledgeAction, loader as pledgeLoader } from "~/routes/donation-pools.$id.donate";
import { loader as statusLoader } from "~/routes/donations.$token";
import {
  formRequest,
  getRequest,
  jsonRequest,
  loaderResult,
  type RouteArgs,
  routeArgs,
} from "./helpers";

type Fn = (args: RouteArgs) => Promise<unknown>;
const call = <T = Response>(fn: Fn, request: Request, params: Record<string, string> = {}) =>
  fn(routeArgs(request, params)) as Promise<T>;
/** A loader's page data (the donate pages answer with `data()`, to set the donor cookie). */
const page = async <T>(fn: Fn, request: Request, params: Record<string, string> = {}) =>
  loaderResult<T>(await fn(routeArgs(request, params))).data;

/** What `data(body, init)` hands back from an action that answers on the page. */
interface DataResult<T> {
  data: T;
  init: (ResponseInit & { headers?: HeadersInit }) | null;
}
interface FormAnswer {
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: unknown };
  toast: { type: string; title: string; description?: string };
}
interface StatusPage {
  donation: {
    kind: string;
    status: string;
    amount: number;
    transaction_reference: string;
    pool_name: string | null;
    decided_on: string | null;
  };
  account: { bank_account: string } | null;
  statusUrl: string;
  meta: { title: string };
}

let admin: User;
let activePool: { id: number; bank_account: string };
let closedPoolId: number;
let phoneCounter = 0;
/** A phone number no other test uses, so the per-phone rate limit never interferes. */
const freshPhone = () => `8800${String(++phoneCounter).padStart(4, "0")}`;

const pledgeFields = (overrides: Record<string, string> = {}) => ({
  donor_name: "Сараа",
  phone_number: freshPhone(),
  amount: "5000",
  transaction_reference: "TX-2024-77",
  message: "Амжилт хүсье",
  display_in_leaderboard: "on",
  ...overrides,
});

const postPledge = (poolId: number, fields: Record<string, string>, query = "") =>
  call<Response | DataResult<FormAnswer>>(
    pledgeAction,
    formRequest(`/donation-pools/${poolId}/donate${query}`, fields),
    { id: String(poolId) },
  );

const pledgeCount = async () => (await db.select({ n: count() }).from(poolDonations))[0]?.n ?? 0;
const donationCount = async () => (await db.select({ n: count() }).from(donations))[0]?.n ?? 0;

/** The token of the status page a successful form post redirects to. */
function tokenOf(response: Response) {
  expect(response.status).toBe(302);
  const location = response.headers.get("location") ?? "";
  expect(location).toMatch(/^\/donations\/[A-Za-z0-9_-]{20,40}$/);
  return location.split("/").pop()!;
}

const statusOf = (token: string, lng = "en") =>
  call<StatusPage & { init?: unknown }>(
    statusLoader,
    getRequest(`/donations/${token}?lng=${lng}`),
    {
      token,
    },
  ).then((r) => (r as unknown as DataResult<StatusPage>).data);

beforeAll(async () => {
  await seed();
  admin = await createUser("treasurer", "secret-pass", "admin");
  const pools = await db.select().from(donationPools);
  const active = pools.find((p) => p.status === "active");
  const closed = pools.find((p) => p.status === "completed");
  if (!active || !closed) throw new Error("the demo content needs an active and a completed pool");
  activePool = { id: active.id, bank_account: active.bank_account };
  closedPoolId = closed.id;
});

describe("/donation-pools/{id}/donate (the pledge form)", () => {
  it("loads an active pool with its bank details, title and description", async () => {
    const shown = await page<{
      pool: { id: number; status: string; name: string };
      account: { bank_account: string };
      meta: { title: string; description: string };
    }>(pledgeLoader, getRequest(`/donation-pools/${activePool.id}/donate?lng=en`), {
      id: String(activePool.id),
    });
    expect(shown.pool).toMatchObject({ id: activePool.id, status: "active" });
    expect(shown.account.bank_account).toBe(activePool.bank_account);
    expect(shown.meta.title).toBe(`Donate to ${shown.pool.name} — StoryShare`);
    expect(shown.meta.description).toContain(shown.pool.name);
  });

  it("answers 404 for an unknown or malformed pool id", async () => {
    for (const id of ["999999", "abc"]) {
      const error = await call(pledgeLoader, getRequest(`/donation-pools/${id}/donate`), {
        id,
      }).catch((e) => e);
      expect(error).toBeInstanceOf(Response);
      expect((error as Response).status).toBe(404);
    }
  });

  it("records a pledge and redirects to its status page with a success toast", async () => {
    const before = await pledgeCount();
    const res = (await postPledge(activePool.id, pledgeFields())) as Response;
    const token = tokenOf(res);
    expect(res.headers.get("set-cookie")).toMatch(/storyshare_toast=/);
    expect(await pledgeCount()).toBe(before + 1);
    const row = await db.query.poolDonations.findFirst({
      where: eq(poolDonations.status_token, token),
    });
    expect(row).toMatchObject({
      pool_id: activePool.id,
      donor_name: "Сараа",
      amount: 5000,
      transaction_reference: "TX-2024-77",
      message: "Амжилт хүсье",
      status: "pending",
      display_in_leaderboard: true,
    });
  });

  it("an unticked leaderboard box is stored as 'do not show me'", async () => {
    const { display_in_leaderboard: _, ...fields } = pledgeFields();
    const token = tokenOf((await postPledge(activePool.id, fields)) as Response);
    const row = await db.query.poolDonations.findFirst({
      where: eq(poolDonations.status_token, token),
    });
    expect(row?.display_in_leaderboard).toBe(false);
  });

  it.each([
    ["amount", { amount: "50" }, "donate:validation.amountMin"],
    ["amount", { amount: "150" }, "donate:validation.amountStep"],
    ["amount", { amount: "" }, "donate:validation.amountMin"],
    ["phone_number", { phone_number: "991" }, "donate:validation.phoneMin"],
    ["phone_number", { phone_number: "9911 22ab" }, "donate:validation.phoneFormat"],
    ["phone_number", { phone_number: "1234567890123456" }, "donate:validation.phoneMax"],
    ["donor_name", { donor_name: "Б" }, "donate:validation.nameMin"],
    ["transaction_reference", { transaction_reference: "" }, "donate:validation.referenceMin"],
    ["transaction_reference", { transaction_reference: "ab" }, "donate:validation.referenceMin"],
    ["message", { message: "x".repeat(501) }, "donate:validation.messageMax"],
  ])(
    "refuses a bad %s (%j) with %s, keeps the values, stores nothing",
    async (field, bad, message) => {
      const before = await pledgeCount();
      const fields = pledgeFields(bad);
      const answer = (await postPledge(activePool.id, fields)) as DataResult<FormAnswer>;
      expect(answer.init?.status).toBe(400);
      expect(answer.data.result.error?.[field]).toEqual([message]);
      // The field says what is wrong; no toast says it again.
      expect(answer.data.toast).toBeNull();
      // Nothing typed is lost: the form is rendered again from these values.
      expect(answer.data.result.initialValue).toMatchObject({
        donor_name: fields.donor_name,
        phone_number: fields.phone_number,
        ...(fields.amount ? { amount: fields.amount } : {}),
      });
      expect(await pledgeCount()).toBe(before);
    },
  );

  it("the honeypot refuses the form and stores nothing", async () => {
    const before = await pledgeCount();
    const answer = (await postPledge(
      activePool.id,
      pledgeFields({ website: "http://spam.example" }),
    )) as DataResult<FormAnswer>;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.toast.description).toBe("donate:errors.rejected");
    expect(await pledgeCount()).toBe(before);
  });

  it("a completed pool refuses pledges with 409 and stores nothing", async () => {
    const before = await pledgeCount();
    const answer = (await postPledge(closedPoolId, pledgeFields())) as DataResult<FormAnswer>;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.result.error?.[""]).toEqual(["donate:errors.poolClosed"]);
    expect(answer.data.toast).toMatchObject({
      title: "donate:toast.error",
      description: "donate:errors.poolClosed",
    });
    expect(await pledgeCount()).toBe(before);

    const closed = await page<{ pool: { status: string } }>(
      pledgeLoader,
      getRequest(`/donation-pools/${closedPoolId}/donate`),
      { id: String(closedPoolId) },
    );
    expect(closed.pool.status).toBe("completed");
  });

  it("a posted pledge to an unknown pool is a 404", async () => {
    const error = await postPledge(999_999, pledgeFields()).catch((e) => e);
    expect((error as Response).status).toBe(404);
  });

  it("too many pledges from one phone get 429 with Retry-After and a clear message", async () => {
    const phone = freshPhone();
    let last: DataResult<FormAnswer> | Response | undefined;
    for (let i = 0; i < 11; i++)
      last = await postPledge(activePool.id, pledgeFields({ phone_number: phone }));
    const answer = last as DataResult<FormAnswer>;
    expect(answer.init?.status).toBe(429);
    expect(new Headers(answer.init?.headers).get("retry-after")).toMatch(/^\d+$/);
    expect(answer.data.toast.description).toBe("errors.tooManyAttempts");
  });

  it("refuses a post from another site", async () => {
    const request = new Request(`http://localhost:3000/donation-pools/${activePool.id}/donate`, {
      method: "POST",
      headers: { host: "localhost:3000", origin: "https://evil.example" },
      body: new URLSearchParams(pledgeFields()),
    });
    const error = await call(pledgeAction, request, { id: String(activePool.id) }).catch((e) => e);
    expect((error as { init?: ResponseInit }).init?.status).toBe(403);
  });
});

describe("the status page (/donations/{token})", () => {
  it("shows a pledge as pending with where to transfer, then verified after the service verifies it", async () => {
    const token = tokenOf(
      (await postPledge(activePool.id, pledgeFields({ amount: "2500" }))) as Response,
    );
    const pending = await statusOf(token);
    expect(pending.donation).toMatchObject({
      kind: "pool",
      status: "pending",
      amount: 2500,
      transaction_reference: "TX-2024-77",
      decided_on: null,
    });
    expect(pending.account?.bank_account).toBe(activePool.bank_account);
    expect(pending.statusUrl).toBe(`http://localhost:3000/donations/${token}`);
    expect(pending.meta.title).toBe("Donation status — StoryShare");

    const row = await db.query.poolDonations.findFirst({
      where: eq(poolDonations.status_token, token),
    });
    await decidePoolDonation(activePool.id, row!.id, "verified", admin);
    const verified = await statusOf(token);
    expect(verified.donation.status).toBe("verified");
    expect(verified.donation.decided_on).toMatch(/\d{4}/);
    expect(verified.account).toBeNull();
  });

  it("shows a rejected pledge as rejected", async () => {
    const token = tokenOf((await postPledge(activePool.id, pledgeFields())) as Response);
    const row = await db.query.poolDonations.findFirst({
      where: eq(poolDonations.status_token, token),
    });
    await decidePoolDonation(activePool.id, row!.id, "rejected", admin);
    expect((await statusOf(token, "mn")).donation.status).toBe("rejected");
  });

  it("is private: not cached by shared caches, not indexed", async () => {
    const token = tokenOf((await postPledge(activePool.id, pledgeFields())) as Response);
    const result = (await call(statusLoader, getRequest(`/donations/${token}`), {
      token,
    })) as unknown as DataResult<StatusPage>;
    const headers = new Headers(result.init?.headers);
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(headers.get("x-robots-tag")).toBe("noindex");
  });

  it("answers 404 for an unknown or malformed token", async () => {
    for (const token of ["A".repeat(24), "short", "../../etc"]) {
      const error = await call(statusLoader, getRequest(`/donations/${token}`), { token }).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(Response);
      expect((error as Response).status).toBe(404);
    }
  });
});

describe("/donate (a general donation to the site)", () => {
  const generalFields = (overrides: Record<string, string> = {}) => ({
    donor_name: "Бат",
    phone_number: freshPhone(),
    amount: "1000",
    bank_name: "Golomt Bank",
    bank_account: "1234567890",
    transaction_reference: "GEN-001",
    message: "",
    display_in_leaderboard: "on",
    ...overrides,
  });
  const postGeneral = (fields: Record<string, string>) =>
    call<Response | DataResult<FormAnswer>>(donateAction, formRequest("/donate", fields));

  it("shows the site's own account", async () => {
    const shown = await page<{ payee: { bank_account: string }; meta: { title: string } }>(
      donateLoader,
      getRequest("/donate?lng=en"),
    );
    expect(shown.payee.bank_account).toMatch(/^\d+$/);
    expect(shown.meta.title).toBe("Donate to StoryShare — StoryShare");
  });

  it("records a donation, and its status page follows verification", async () => {
    const before = await donationCount();
    const token = tokenOf((await postGeneral(generalFields())) as Response);
    expect(await donationCount()).toBe(before + 1);
    const pending = await statusOf(token);
    expect(pending.donation).toMatchObject({
      kind: "general",
      status: "pending",
      amount: 1000,
      pool_name: null,
    });
    expect(pending.account).not.toBeNull();
    const row = await db.query.donations.findFirst({ where: eq(donations.status_token, token) });
    expect(row).toMatchObject({
      bank_name: "Golomt Bank",
      bank_account: "1234567890",
      message: null,
    });
    await decideGeneralDonation(row!.id, "verified", admin);
    expect((await statusOf(token)).donation.status).toBe("verified");
  });

  it.each([
    ["amount", { amount: "900" }, "donate:validation.generalAmountMin"],
    ["bank_name", { bank_name: "" }, "donate:validation.bankRequired"],
    ["bank_account", { bank_account: "12-34" }, "donate:validation.bankAccountDigits"],
    ["transaction_reference", { transaction_reference: "" }, "donate:validation.referenceMin"],
    ["phone_number", { phone_number: "123" }, "donate:validation.phoneMin"],
  ])("refuses a bad %s (%j) with %s and stores nothing", async (field, bad, message) => {
    const before = await donationCount();
    const answer = (await postGeneral(generalFields(bad))) as DataResult<FormAnswer>;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result.error?.[field]).toEqual([message]);
    expect(await donationCount()).toBe(before);
  });

  it("the honeypot refuses the form and stores nothing", async () => {
    const before = await donationCount();
    const answer = (await postGeneral(generalFields({ website: "x" }))) as DataResult<FormAnswer>;
    expect(answer.init?.status).toBe(400);
    expect(await donationCount()).toBe(before);
  });
});

describe("POST /api/donation-pools/{id}/donations", () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    donor_name: "API donor",
    phone_number: freshPhone(),
    amount: 3000,
    transaction_reference: "API-REF-1",
    message: "From a script",
    ...overrides,
  });
  const post = (id: number | string, payload: unknown, query = "") =>
    call(pledgeApi, jsonRequest(`/api/donation-pools/${id}/donations${query}`, payload), {
      id: String(id),
    });

  it("201 with the pledge and an absolute status_url", async () => {
    const res = await post(activePool.id, body());
    expect(res.status).toBe(201);
    const json = await res.json();
    expect(json).toEqual({
      id: expect.any(Number),
      pool_id: activePool.id,
      amount: 3000,
      transaction_reference: "API-REF-1",
      payment_code: expect.stringMatching(/^X\d{6}$/),
      status: "pending",
      status_url: expect.stringMatching(
        /^http:\/\/localhost:3000\/donations\/[A-Za-z0-9_-]{20,40}$/,
      ),
    });
    expect(json).not.toHaveProperty("status_token");
    const row = await db.query.poolDonations.findFirst({ where: eq(poolDonations.id, json.id) });
    expect(row?.display_in_leaderboard).toBe(true);
    const off = await post(activePool.id, body({ display_in_leaderboard: false }));
    const offRow = await db.query.poolDonations.findFirst({
      where: eq(poolDonations.id, (await off.json()).id),
    });
    expect(offRow?.display_in_leaderboard).toBe(false);
  });

  it("400 with every field's message, in the request's language", async () => {
    const res = await post(
      activePool.id,
      { donor_name: "A", phone_number: "123", amount: 50, transaction_reference: "" },
      "?lng=en",
    );
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.fieldErrors).toEqual({
      donor_name: ["Name must be at least 2 characters"],
      phone_number: ["Phone number must be at least 8 digits"],
      amount: ["Amount must be at least 100₮"],
      transaction_reference: ["Transaction reference must be at least 3 characters"],
    });
    expect(json.error).toEqual(expect.any(String));

    const mn = await post(activePool.id, { ...body(), amount: 150 });
    expect((await mn.json()).fieldErrors.amount).toEqual(["Дүн 100₮-ийн үржвэр байх ёстой"]);
  });

  it("the honeypot: 400, nothing stored", async () => {
    const before = await pledgeCount();
    const res = await post(activePool.id, body({ website: "spam" }), "?lng=en");
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("Your donation could not be accepted.");
    expect(await pledgeCount()).toBe(before);
  });

  it("404 for an unknown pool, 409 for a completed one", async () => {
    const missing = await post(999_999, body(), "?lng=en");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Donation pool not found." });
    const notANumber = await post("abc", body());
    expect(notANumber.status).toBe(404);
    const closed = await post(closedPoolId, body(), "?lng=en");
    expect(closed.status).toBe(409);
    expect(await closed.json()).toEqual({ error: "This campaign no longer takes pledges." });
  });

  it("415 for a body that is not JSON, 403 from another site", async () => {
    const form = await call(
      pledgeApi,
      formRequest(`/api/donation-pools/${activePool.id}/donations`, {}),
      {
        id: String(activePool.id),
      },
    );
    expect(form.status).toBe(415);
    const cross = await call(
      pledgeApi,
      jsonRequest(`/api/donation-pools/${activePool.id}/donations`, body(), {
        headers: { origin: "https://evil.example" },
      }),
      { id: String(activePool.id) },
    );
    expect(cross.status).toBe(403);
  });

  it("429 with Retry-After after too many pledges from one phone", async () => {
    const phone = freshPhone();
    let res: Response | undefined;
    for (let i = 0; i < 11; i++)
      res = await post(activePool.id, body({ phone_number: phone }), "?lng=en");
    expect(res!.status).toBe(429);
    expect(res!.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await res!.json()).error).toBe(
      "Too many attempts. Please wait a little and try again.",
    );
  });
});

describe("POST /api/donations", () => {
  it("201 with the donation (no pool), 400 under 1,000 ₮ or without a bank", async () => {
    const payload = {
      donor_name: "Site fan",
      phone_number: freshPhone(),
      amount: 1000,
      bank_name: "TDB",
      transaction_reference: "SITE-1",
    };
    const ok = await call(donationApi, jsonRequest("/api/donations", payload));
    expect(ok.status).toBe(201);
    const json = await ok.json();
    expect(json).toMatchObject({ pool_id: null, amount: 1000, status: "pending" });
    const page = await statusOf(json.status_url.split("/").pop());
    expect(page.donation).toMatchObject({ kind: "general", status: "pending" });

    const low = await call(
      donationApi,
      jsonRequest("/api/donations?lng=en", { ...payload, amount: 900, bank_name: undefined }),
    );
    expect(low.status).toBe(400);
    expect((await low.json()).fieldErrors).toEqual({
      amount: ["Amount must be at least 1,000₮"],
      bank_name: ["Bank name is required"],
    });
  });
});
