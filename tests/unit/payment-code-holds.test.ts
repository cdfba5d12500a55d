import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donations, paymentCodeHolds, poolDonations } from "#db/schema";
import { seed } from "#db/seed";
import { action as pledgeApi } from "~/routes/api.donation-pools.$id.donations";
import { action as donateAction, loader as donateLoader } from "~/routes/donate";
import { action as pledgeAction, loader as pledgeLoader } from "~/routes/donation-pools.$id.donate";
import { formRequest, getRequest, jsonRequest, loaderResult, routeArgs } from "./helpers";

/** Issue 16, item 1: the payment code a donor sees is the code their pledge is stored under. */

let poolId: number;
let phone = 0;

beforeAll(async () => {
  await seed();
  const pool = await db.query.donationPools.findFirst({
    where: (p, { eq }) => eq(p.status, "active"),
  });
  poolId = pool!.id;
});

/** Opens the pool's donate page as a browser holding `cookie`; what it shows and its cookie. */
async function open(cookie = "", target: "pool" | "general" = "pool") {
  const result =
    target === "pool"
      ? await pledgeLoader(
          routeArgs(getRequest(`/donation-pools/${poolId}/donate`, cookie), {
            id: String(poolId),
          }),
        )
      : await donateLoader(routeArgs(getRequest("/donate", cookie)));
  const { data, cookie: set } = loaderResult<{ paymentCode: string }>(result);
  return { code: data.paymentCode, cookie: set || cookie };
}

const fields = (code: string) => ({
  donor_name: "Сараа",
  phone_number: `8811${String(++phone).padStart(4, "0")}`,
  amount: "5000",
  transaction_reference: "KB-77",
  payment_code: code,
  display_in_leaderboard: "on",
});

async function pledge(code: string, cookie: string) {
  const res = (await pledgeAction(
    routeArgs(formRequest(`/donation-pools/${poolId}/donate`, fields(code), cookie), {
      id: String(poolId),
    }),
  )) as Response;
  expect(res.status).toBe(302);
  const token = res.headers.get("Location")!.split("/").pop()!;
  const row = await db.query.poolDonations.findFirst({
    where: eq(poolDonations.status_token, token),
  });
  return row!.payment_code;
}

describe("a held payment code", () => {
  it("stays the same across reloads, and the pledge is stored under it", async () => {
    const first = await open();
    expect(first.code).toMatch(/^X\d{6}$/);
    expect(first.cookie).toContain("storyshare_donor=");
    const reload = await open(first.cookie);
    const again = await open(reload.cookie);
    expect(reload.code).toBe(first.code);
    expect(again.code).toBe(first.code);
    expect(await pledge(first.code, again.cookie)).toBe(first.code);
  });

  it("is not given to anyone else, and cannot be taken by another visitor's pledge", async () => {
    const saraa = await open();
    const bold = await open();
    expect(bold.code).not.toBe(saraa.code);
    // Bold sends Saraa's code (copied, or a script): his pledge gets a code of its own.
    const boldStored = await pledge(saraa.code, bold.cookie);
    expect(boldStored).not.toBe(saraa.code);
    expect(await pledge(saraa.code, saraa.cookie)).toBe(saraa.code);
  });

  it("ends with the pledge: the next visit to the form shows a new code", async () => {
    const visit = await open();
    await pledge(visit.code, visit.cookie);
    const next = await open(visit.cookie);
    expect(next.code).not.toBe(visit.code);
    const held = await db
      .select()
      .from(paymentCodeHolds)
      .where(eq(paymentCodeHolds.code, visit.code));
    expect(held).toEqual([]);
  });

  it("is one per form: the pool's and the site's are different, each kept", async () => {
    const pool = await open();
    const site = await open(pool.cookie, "general");
    expect(site.code).toMatch(/^C\d{6}$/);
    expect((await open(site.cookie, "general")).code).toBe(site.code);
    expect((await open(site.cookie)).code).toBe(pool.code);
    const res = (await donateAction(
      routeArgs(
        formRequest(
          "/donate",
          { ...fields(site.code), amount: "2000", bank_name: "Khan Bank" },
          site.cookie,
        ),
      ),
    )) as Response;
    expect(res.status).toBe(302);
    const token = res.headers.get("Location")!.split("/").pop()!;
    const row = await db.query.donations.findFirst({ where: eq(donations.status_token, token) });
    expect(row?.payment_code).toBe(site.code);
  });

  it("expires: an old hold is dropped and its visitor is given a new code", async () => {
    const visit = await open();
    await db
      .update(paymentCodeHolds)
      .set({ expires_at: "2000-01-01T00:00:00.000Z" })
      .where(eq(paymentCodeHolds.code, visit.code));
    const later = await open(visit.cookie);
    expect(later.code).not.toBe(visit.code);
    const old = await db
      .select()
      .from(paymentCodeHolds)
      .where(eq(paymentCodeHolds.code, visit.code));
    expect(old).toEqual([]);
  });

  it("an /api client without a form may name a code nobody holds", async () => {
    const res = (await pledgeApi(
      routeArgs(
        jsonRequest(`/api/donation-pools/${poolId}/donations`, {
          ...fields("X100001"),
          amount: 5000,
          display_in_leaderboard: true,
        }),
        { id: String(poolId) },
      ),
    )) as Response;
    expect(res.status).toBe(201);
    expect(((await res.json()) as { payment_code: string }).payment_code).toBe("X100001");
  });
});
