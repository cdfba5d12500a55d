import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, monthlyGifts } from "#db/schema";
import { seed } from "#db/seed";
import { donationFormId } from "~/components/donate/donation-form";
import { monthlyFormId } from "~/components/donate/monthly-form";
import { SWITCH_FIELDS } from "~/lib/keep-typing";
import { createUser } from "~/models/users.server";
import {
  action as donateAction,
  handle as donateHandle,
  loader as donateLoader,
} from "~/routes/donate";
import {
  action as pledgeAction,
  handle as pledgeHandle,
  loader as pledgeLoader,
} from "~/routes/donation-pools.$id.donate";
import { action as giftAction, loader as giftLoader } from "~/routes/monthly.$token";
import { loader as profileLoader } from "~/routes/profile";
import { formRequest, getRequest, loaderResult, routeArgs, signInAs } from "./helpers";

type Fn = (args: ReturnType<typeof routeArgs>) => Promise<unknown>;
interface DataResult<T> {
  type?: string;
  data: T;
  init: ResponseInit | null;
}
interface MonthlyAnswer {
  intent?: string;
  result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
}

let poolId: number;
let closedPoolId: number;

const fields = (overrides: Record<string, string> = {}) => ({
  intent: "monthly",
  donor_name: "Сараа",
  email: "saraa@example.mn",
  phone_number: "",
  amount: "20000",
  day_of_month: "15",
  method: "standing_order",
  remind_by_email: "on",
  ...overrides,
});

const post = (fn: Fn, path: string, body: Record<string, string>, params = {}) =>
  fn(routeArgs(formRequest(path, body), params));

/** The gift page a successful form redirects to, and its token. */
function giftPath(response: unknown) {
  const res = response as Response;
  expect(res.status).toBe(302);
  const location = res.headers.get("location") ?? "";
  expect(location).toMatch(/^\/monthly\/\d+\.\d+\.[\w-]{43}$/);
  return { path: location, token: location.split("/").pop()! };
}

beforeAll(async () => {
  await seed();
  const pools = await db.select().from(donationPools);
  poolId = pools.find((p) => p.status === "active" && !p.ends_on)!.id;
  closedPoolId = pools.find((p) => p.status === "completed")!.id;
});

describe("the donate pages' monthly form", () => {
  it("opens on «every month» with today's Ulaanbaatar day offered", async () => {
    const pool = loaderResult<{ monthly: boolean; defaultDay: number }>(
      await pledgeLoader(
        routeArgs(getRequest(`/donation-pools/${poolId}/donate?every=month`), {
          id: String(poolId),
        }),
      ),
    ).data;
    expect(pool.monthly).toBe(true);
    expect(pool.defaultDay).toBeGreaterThanOrEqual(1);
    const site = loaderResult<{ monthly: boolean }>(
      await donateLoader(routeArgs(getRequest("/donate"))),
    ).data;
    expect(site.monthly).toBe(false);
  });

  it("a campaign's: creates the gift and goes to its page with a toast", async () => {
    const res = await post(pledgeAction, `/donation-pools/${poolId}/donate?every=month`, fields(), {
      id: String(poolId),
    });
    const { token } = giftPath(res);
    expect((res as Response).headers.get("set-cookie")).toMatch(/storyshare_toast=/);
    const row = await db.query.monthlyGifts.findFirst({
      where: eq(monthlyGifts.id, Number(token.split(".")[0])),
    });
    expect(row).toMatchObject({
      pool_id: poolId,
      amount: 20_000,
      day_of_month: 15,
      remind_by_sms: false,
    });
  });

  it("the site's: creates a gift to the site", async () => {
    const { token } = giftPath(
      await post(donateAction, "/donate?every=month", fields({ amount: "5000" })),
    );
    const row = await db.query.monthlyGifts.findFirst({
      where: eq(monthlyGifts.id, Number(token.split(".")[0])),
    });
    expect(row).toMatchObject({ pool_id: null, amount: 5000 });
  });

  it("«show my name» as the one-off form reads it: ticked is shown, unticked (not sent) is not", async () => {
    const shown = giftPath(
      await post(
        pledgeAction,
        `/donation-pools/${poolId}/donate?every=month`,
        fields({ display_in_leaderboard: "on" }),
        { id: String(poolId) },
      ),
    );
    const hidden = giftPath(
      await post(pledgeAction, `/donation-pools/${poolId}/donate?every=month`, fields(), {
        id: String(poolId),
      }),
    );
    const shownOf = async (token: string) =>
      (
        await db.query.monthlyGifts.findFirst({
          where: eq(monthlyGifts.id, Number(token.split(".")[0])),
        })
      )?.display_in_leaderboard;
    expect([await shownOf(shown.token), await shownOf(hidden.token)]).toEqual([true, false]);
  });

  it("without JavaScript, a language switch gives the monthly form back as typed, in the other language", async () => {
    const before = await db.$count(monthlyGifts);
    const typed = fields({
      donor_name: "Typed Name",
      amount: "35000",
      day_of_month: "9",
      method: "reminder",
      remind_by_sms: "on",
      phone_number: "99112233",
    });
    const { remind_by_email: _unticked, ...sent } = typed;
    for (const [action, path, params] of [
      [pledgeAction, `/donation-pools/${poolId}/donate?every=month&lng=en`, { id: String(poolId) }],
      [donateAction, "/donate?every=month&lng=en", {}],
    ] as const) {
      const answer = (await post(
        action,
        path,
        { ...sent, [SWITCH_FIELDS.lng]: "en" },
        params,
      )) as DataResult<MonthlyAnswer & { toast: unknown }>;
      // The monthly form's answer, nothing checked or refused, every value as typed.
      expect(answer.data.intent).toBe("monthly");
      expect(answer.data.result.error).toBeUndefined();
      expect(answer.data.result.initialValue).toMatchObject({
        donor_name: "Typed Name",
        amount: "35000",
        day_of_month: "9",
        method: "reminder",
        remind_by_sms: "on",
        phone_number: "99112233",
      });
      expect(answer.data.result.initialValue).not.toHaveProperty("remind_by_email");
      // The language is stored for the pages after.
      expect(new Headers(answer.init?.headers).get("set-cookie")).toMatch(/lng=/);
    }
    expect(await db.$count(monthlyGifts)).toBe(before);
  });

  it("the switches post the form the page shows: the monthly one, the one-off one, or none when closed", () => {
    const open = { status: "active", ended: false };
    expect(pledgeHandle.keepTyping({ monthly: true, pool: open })).toBe(monthlyFormId("pool"));
    expect(pledgeHandle.keepTyping({ monthly: false, pool: open })).toBe(donationFormId("pool"));
    expect(
      pledgeHandle.keepTyping({ monthly: false, pool: { ...open, status: "completed" } }),
    ).toBe(null);
    expect(donateHandle.keepTyping({ monthly: true })).toBe(monthlyFormId("site"));
    expect(donateHandle.keepTyping({ monthly: false })).toBe(donationFormId("general"));
  });

  it("a refusal comes back in place, on the monthly form, with everything typed", async () => {
    const before = await db.$count(monthlyGifts);
    const answer = (await post(
      pledgeAction,
      `/donation-pools/${poolId}/donate?every=month`,
      fields({ remind_by_email: "", remind_by_sms: "on", amount: "150" }),
      { id: String(poolId) },
    )) as DataResult<MonthlyAnswer>;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.intent).toBe("monthly");
    expect(answer.data.result.error?.phone_number).toEqual([
      "donate:monthly.validation.phoneNeeded",
    ]);
    expect(answer.data.result.error?.amount).toEqual(["donate:validation.amountStep"]);
    expect(answer.data.result.initialValue).toMatchObject({ donor_name: "Сараа", amount: "150" });
    expect(await db.$count(monthlyGifts)).toBe(before);
  });

  it("a closed campaign refuses it, said above the form", async () => {
    const answer = (await post(
      pledgeAction,
      `/donation-pools/${closedPoolId}/donate?every=month`,
      fields(),
      { id: String(closedPoolId) },
    )) as DataResult<MonthlyAnswer>;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.result.error?.[""]).toEqual(["donate:errors.poolClosed"]);
  });
});

describe("the monthly gift's page", () => {
  async function newGift() {
    const res = await post(pledgeAction, `/donation-pools/${poolId}/donate`, fields(), {
      id: String(poolId),
    });
    return giftPath(res);
  }
  const show = async (token: string) =>
    (await giftLoader(routeArgs(getRequest(`/monthly/${token}`), { token }))) as DataResult<{
      gift: {
        status: string;
        payment_code: string;
        amount: number;
        paused_until: string | null;
        display_in_leaderboard: boolean;
      } | null;
    }>;
  const manage = (path: string, token: string, body: Record<string, string>) =>
    giftAction(routeArgs(formRequest(path, body), { token }));

  it("shows the code and the gift; a forged or older link shows the «no longer valid» page", async () => {
    const { token } = await newGift();
    const page = await show(token);
    expect(page.data.gift?.payment_code).toMatch(/^M\d{6}$/);
    expect(page.data.gift).not.toHaveProperty("email");
    const forged = `${token.slice(0, -2)}xx`;
    const refused = await show(forged);
    expect(refused.init?.status).toBe(404);
    expect(refused.data.gift).toBeNull();
    await db
      .update(monthlyGifts)
      .set({ link_version: 2 })
      .where(eq(monthlyGifts.id, Number(token.split(".")[0])));
    expect((await show(token)).data.gift).toBeNull();
  });

  it("without JavaScript: pause, then stop, each POST/redirect/GET with a toast", async () => {
    const { path, token } = await newGift();
    const paused = (await manage(path, token, { intent: "pause", months: "2" })) as Response;
    expect(paused.status).toBe(302);
    expect(paused.headers.get("location")).toBe(path);
    expect(paused.headers.get("set-cookie")).toMatch(/storyshare_toast=/);
    expect((await show(token)).data.gift?.status).toBe("paused");
    const stopped = (await manage(path, token, { intent: "stop", id: "monthly" })) as Response;
    expect(stopped.status).toBe(302);
    expect((await show(token)).data.gift?.status).toBe("stopped");
  });

  it("without JavaScript: «show my name» is changed by the change form, unticked meaning no", async () => {
    const { path, token } = await newGift();
    expect((await show(token)).data.gift?.display_in_leaderboard).toBe(false);
    const named = (await manage(path, token, {
      intent: "change",
      amount: "20000",
      day_of_month: "15",
      display_in_leaderboard: "on",
    })) as Response;
    expect(named.status).toBe(302);
    expect((await show(token)).data.gift?.display_in_leaderboard).toBe(true);
    await manage(path, token, { intent: "change", amount: "20000", day_of_month: "15" });
    expect((await show(token)).data.gift?.display_in_leaderboard).toBe(false);
  });

  it("with JavaScript (a fetcher): stays on the page with the toast; a bad amount comes back beside it", async () => {
    const { path, token } = await newGift();
    const changed = (await manage(path, token, {
      intent: "change",
      amount: "30000",
      day_of_month: "1",
      via: "fetcher",
    })) as DataResult<{ toast: { title: string } }>;
    expect(changed.data.toast.title).toBe("donate:monthly.toast.changed");
    expect((await show(token)).data.gift?.amount).toBe(30_000);
    const refused = (await manage(path, token, {
      intent: "change",
      amount: "50",
      day_of_month: "1",
      via: "fetcher",
    })) as DataResult<{ fieldErrors: Record<string, string[]>; values: Record<string, string> }>;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.fieldErrors.amount).toEqual(["donate:validation.amountMin"]);
    expect(refused.data.values.amount).toBe("50");
  });
});

describe("/profile", () => {
  it("lists a signed-in donor's monthly gifts, each with its page", async () => {
    await createUser("giver", "secret-pass");
    const cookie = await signInAs("giver");
    const res = await pledgeAction(
      routeArgs(formRequest(`/donation-pools/${poolId}/donate?every=month`, fields(), cookie), {
        id: String(poolId),
      }),
    );
    const { path } = giftPath(res);
    const profile = loaderResult<{ monthlyGifts: { path: string; amount: number }[] }>(
      await profileLoader(routeArgs(getRequest("/profile", cookie))),
    ).data;
    expect(profile.monthlyGifts).toEqual([expect.objectContaining({ path, amount: 20_000 })]);
  });
});
