import { and, eq, inArray, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, monthlyGifts, outbox } from "#db/schema";
import { seed } from "#db/seed";
import { HttpError } from "~/http/http.server";
import { translatorFor } from "~/i18next.server";
import { addMonths, monthInUlaanbaatar, nextDueMonth } from "~/lib/ub-months";
import { renderMessage } from "~/messages/render.server";
import {
  changeMonthlyGift,
  createMonthlyGift,
  monthlyGiftByToken,
  monthlyGiftsOfUser,
} from "~/models/monthly-gifts.server";
import { monthlyToken, readMonthlyToken } from "~/models/monthly-links.server";
import { createUser } from "~/models/users.server";
import { translateMessage } from "~/schemas/zod";
import { getRequest } from "./helpers";

let activePoolId: number;
let closedPoolId: number;
let ip = 0;
/** Each gift from its own address, so the per-address limit never interferes. */
const request = (lng = "mn") => {
  const req = getRequest(`/donate?lng=${lng}`);
  req.headers.set("x-forwarded-for", `10.0.0.${++ip}`);
  return req;
};

const gift = (overrides: Record<string, unknown> = {}) => ({
  donor_name: "Сараа",
  email: "saraa@example.mn",
  phone_number: "99112233",
  amount: 20_000,
  day_of_month: 15,
  method: "standing_order",
  remind_by_email: true,
  remind_by_sms: true,
  ...overrides,
});

const messagesOf = (id: number) =>
  db
    .select()
    .from(outbox)
    .where(like(outbox.dedupe_key, `monthly_gifts:${id}:%`))
    .orderBy(outbox.id);

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.catch((e) => e);
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

beforeAll(async () => {
  await seed();
  const pools = await db.select().from(donationPools);
  activePoolId = pools.find((p) => p.status === "active" && !p.ends_on)!.id;
  closedPoolId = pools.find((p) => p.status === "completed")!.id;
});

describe("creating a monthly gift", () => {
  it("to a campaign: a fresh M code, stored with the donor's choices, confirmed once per channel", async () => {
    const made = await createMonthlyGift(activePoolId, gift(), request("en"));
    expect(made.payment_code).toMatch(/^M\d{6}$/);
    expect(made).toMatchObject({
      kind: "pool",
      pool: { id: activePoolId },
      amount: 20_000,
      day_of_month: 15,
      method: "standing_order",
      status: "active",
      language: "en",
    });
    expect(made.path).toBe(`/monthly/${made.token}`);
    const messages = await messagesOf(made.id);
    expect(messages.map((m) => [m.kind, m.channel, m.recipient])).toEqual([
      ["monthly.created", "email", "saraa@example.mn"],
      ["monthly.created", "sms", "99112233"],
    ]);
    const mail = await renderMessage(messages[0]!);
    expect(mail?.subject).toContain(made.payment_code);
    expect(mail?.text).toContain(`/monthly/${made.token}`);
    expect(mail?.text).toContain("The 15th of each month (Ulaanbaatar time)");
    const sms = await renderMessage(messages[1]!);
    expect(sms?.text).toContain(made.payment_code);
    expect(sms?.text).toContain(`/monthly/${made.token}`);
  });

  it("to the site: the site's minimum, the site's account, only the chosen channel", async () => {
    const made = await createMonthlyGift(
      null,
      gift({ remind_by_sms: false, phone_number: "", method: "reminder", amount: 1000 }),
      request(),
    );
    expect(made).toMatchObject({ kind: "site", pool: null, method: "reminder", amount: 1000 });
    expect(made.account.bank_account).toBeTruthy();
    const messages = await messagesOf(made.id);
    expect(messages.map((m) => m.channel)).toEqual(["email"]);
    expect(messages[0]!.language).toBe("mn");
  });

  it("keeps the signed-in donor's account on the gift, and lists it on their profile", async () => {
    const user = await createUser("monthly-donor", "secret-pass");
    const made = await createMonthlyGift(activePoolId, gift(), request(), user);
    expect((await monthlyGiftsOfUser(user.id)).map((g) => g.id)).toEqual([made.id]);
  });

  it("asks whether the months may name the donor: shown unless they say no, as a one-off gift", async () => {
    const asDefault = await createMonthlyGift(activePoolId, gift(), request());
    const unnamed = await createMonthlyGift(
      activePoolId,
      gift({ display_in_leaderboard: false }),
      request(),
    );
    expect([asDefault.display_in_leaderboard, unnamed.display_in_leaderboard]).toEqual([
      true,
      false,
    ]);
    const stored = await db
      .select({ id: monthlyGifts.id, shown: monthlyGifts.display_in_leaderboard })
      .from(monthlyGifts)
      .where(inArray(monthlyGifts.id, [asDefault.id, unnamed.id]))
      .orderBy(monthlyGifts.id);
    expect(stored.map((r) => r.shown)).toEqual([true, false]);
  });

  it("gives every gift its own code", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      codes.add((await createMonthlyGift(activePoolId, gift(), request())).payment_code);
    }
    expect(codes.size).toBe(5);
  });

  it.each([
    [{ amount: 50 }, "amount", "donate:validation.amountMin"],
    [{ amount: 150 }, "amount", "donate:validation.amountStep"],
    [{ day_of_month: 0 }, "day_of_month", "donate:monthly.validation.day"],
    [{ day_of_month: 32 }, "day_of_month", "donate:monthly.validation.day"],
    [{ method: "card" }, "method", "donate:monthly.validation.method"],
    [
      { remind_by_email: false, remind_by_sms: false },
      "remind_by_email",
      "donate:monthly.validation.remindOne",
    ],
    [{ email: "" }, "email", "donate:monthly.validation.emailNeeded"],
    [{ phone_number: "" }, "phone_number", "donate:monthly.validation.phoneNeeded"],
  ])("refuses %j: %s says %s, in both languages", async (bad, field, key) => {
    const before = await db.$count(monthlyGifts);
    const error = await refusal(createMonthlyGift(activePoolId, gift(bad), request()));
    expect(error.status).toBe(400);
    expect(error.fieldErrors?.[field]).toEqual([key]);
    const mn = translateMessage((await translatorFor("mn")).getFixedT("mn"), key);
    const en = translateMessage((await translatorFor("en")).getFixedT("en"), key);
    expect(mn).not.toBe(key);
    expect(en).not.toBe(key);
    expect(mn).not.toBe(en);
    expect(await db.$count(monthlyGifts)).toBe(before);
  });

  it("the site's gift keeps the site's minimum (1,000 ₮)", async () => {
    const error = await refusal(createMonthlyGift(null, gift({ amount: 500 }), request()));
    expect(error.fieldErrors?.amount).toEqual(["donate:validation.generalAmountMin"]);
  });

  it("refuses a campaign that no longer takes gifts, and an unknown one", async () => {
    expect((await refusal(createMonthlyGift(closedPoolId, gift(), request()))).status).toBe(409);
    const [pool] = await db
      .insert(donationPools)
      .values({
        name: "Ended",
        description: "Ended campaign",
        goal_amount: 100_000,
        bank_name: "khan",
        bank_account: "5000123456",
        account_name: "Ended",
        ends_on: "2020-01-31",
      })
      .returning({ id: donationPools.id });
    const ended = await refusal(createMonthlyGift(pool!.id, gift(), request()));
    expect([ended.status, ended.message]).toEqual([409, "donate:errors.poolEnded"]);
    expect((await refusal(createMonthlyGift(999_999, gift(), request()))).status).toBe(404);
  });
});

describe("the signed link", () => {
  it("opens the gift; a forged signature, another id or an older version does not", async () => {
    const made = await createMonthlyGift(activePoolId, gift(), request());
    expect((await monthlyGiftByToken(made.token))?.id).toBe(made.id);
    const [id, version, signature] = made.token.split(".") as [string, string, string];
    const forged = `${id}.${version}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    expect(readMonthlyToken(forged)).toBeNull();
    expect(await monthlyGiftByToken(forged)).toBeNull();
    expect(await monthlyGiftByToken(`${Number(id) + 1}.${version}.${signature}`)).toBeNull();
    expect(await monthlyGiftByToken("not-a-token")).toBeNull();
    // Raising the version refuses the older link; the new one opens.
    await db.update(monthlyGifts).set({ link_version: 2 }).where(eq(monthlyGifts.id, made.id));
    expect(await monthlyGiftByToken(made.token)).toBeNull();
    expect((await monthlyGiftByToken(monthlyToken(made.id, 2)))?.id).toBe(made.id);
  });
});

describe("the donor's changes", () => {
  it("change, pause, resume and stop: each at once, each confirmed once per channel", async () => {
    const made = await createMonthlyGift(activePoolId, gift(), request("en"));
    const count = async (kind: string) =>
      (
        await db
          .select()
          .from(outbox)
          .where(and(like(outbox.dedupe_key, `monthly_gifts:${made.id}:%`), eq(outbox.kind, kind)))
      ).length;

    const changed = await changeMonthlyGift(made.token, {
      intent: "change",
      amount: 30_000,
      day_of_month: 31,
    });
    expect(changed.gift).toMatchObject({ amount: 30_000, day_of_month: 31, status: "active" });
    expect(await count("monthly.changed")).toBe(2);

    const now = new Date();
    const paused = await changeMonthlyGift(made.token, { intent: "pause", months: 2 }, now);
    expect(paused.gift.status).toBe("paused");
    expect(paused.gift.paused_until).toBe(addMonths(nextDueMonth(31, now), 2));
    expect(paused.gift.paused_until! > monthInUlaanbaatar(now)).toBe(true);
    expect(await count("monthly.paused")).toBe(2);
    const [pausedMail] = (await messagesOf(made.id)).filter(
      (m) => m.kind === "monthly.paused" && m.channel === "email",
    );
    expect((await renderMessage(pausedMail!))?.text).toContain("gives again from");

    const resumed = await changeMonthlyGift(made.token, { intent: "resume" });
    expect(resumed.gift).toMatchObject({ status: "active", paused_until: null });
    expect(await count("monthly.resumed")).toBe(2);
    const again = await refusal(changeMonthlyGift(made.token, { intent: "resume" }));
    expect(again.status).toBe(409);

    const stopped = await changeMonthlyGift(made.token, { intent: "stop" });
    expect(stopped.gift).toMatchObject({ status: "stopped", stop_reason: "donor" });
    expect(stopped.gift.stopped_at).toBeTruthy();
    expect(await count("monthly.stopped")).toBe(2);
    // The stopped gift is still shown by its link, and changes no more, telling no one.
    expect((await monthlyGiftByToken(made.token))?.status).toBe("stopped");
    for (const change of [{ intent: "stop" }, { intent: "pause", months: 1 }]) {
      expect((await refusal(changeMonthlyGift(made.token, change))).status).toBe(409);
    }
    expect(await count("monthly.stopped")).toBe(2);
  });

  it("whether the name is shown changes alone, confirmed like any change; absent, it stays", async () => {
    const made = await createMonthlyGift(activePoolId, gift(), request());
    const hidden = await changeMonthlyGift(made.token, {
      intent: "change",
      display_in_leaderboard: false,
    });
    expect(hidden).toMatchObject({
      event: "changed",
      gift: { display_in_leaderboard: false, amount: 20_000, day_of_month: 15 },
    });
    const changedMessages = (await messagesOf(made.id)).filter((m) => m.kind === "monthly.changed");
    expect(changedMessages).toHaveLength(2);
    const amountOnly = await changeMonthlyGift(made.token, { intent: "change", amount: 25_000 });
    expect(amountOnly.gift).toMatchObject({ amount: 25_000, display_in_leaderboard: false });
    const nothing = await refusal(changeMonthlyGift(made.token, { intent: "change" }));
    expect(nothing.fieldErrors?.amount).toEqual(["donate:monthly.validation.nothingToChange"]);
  });

  it("refuses a pause of 0 or 4 months, an amount under the minimum, and a forged link", async () => {
    const made = await createMonthlyGift(activePoolId, gift(), request());
    for (const months of [0, 4]) {
      const error = await refusal(changeMonthlyGift(made.token, { intent: "pause", months }));
      expect(error.fieldErrors?.months).toEqual(["donate:monthly.validation.pauseMonths"]);
    }
    const low = await refusal(changeMonthlyGift(made.token, { intent: "change", amount: 50 }));
    expect(low.fieldErrors?.amount).toEqual(["donate:validation.amountMin"]);
    const forged = await refusal(
      changeMonthlyGift(`${made.id}.1.${"x".repeat(43)}`, { intent: "stop" }),
    );
    expect(forged.status).toBe(404);
    expect((await monthlyGiftByToken(made.token))?.status).toBe("active");
  });
});
