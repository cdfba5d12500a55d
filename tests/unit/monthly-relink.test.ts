import { and, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, monthlyGifts, outbox } from "#db/schema";
import { seed } from "#db/seed";
import { config } from "~/config.server";
import { BOT_TRAP_FIELDS } from "~/constants";
import { settleDeferred } from "~/http/after-response.server";
import { renderMessage } from "~/messages/render.server";
import { sendDue } from "~/messages/sender.server";
import { createMonthlyGift } from "~/models/monthly-gifts.server";
import { action as apiLinks } from "~/routes/api.monthly.links";
import { action as relinkAction, loader as relinkLoader } from "~/routes/monthly._index";
import { loader as giftLoader } from "~/routes/monthly.$token";
import type { TestSmtp } from "../support/smtp-server";
import { withTestMail } from "../support/test-mail";
import { formRequest, getRequest, jsonRequest, loaderResult, routeArgs } from "./helpers";

/**
 * "Send me a fresh link" (issue 43): the page /monthly and POST /api/monthly/links. Mail goes
 * through the app's own sender to a real SMTP server.
 */

interface Reply {
  result: { error?: Record<string, string[] | null> };
  toast: { type: string; description?: string } | null;
  sent?: boolean;
}
interface DataResult<T> {
  type?: string;
  data: T;
  init: ResponseInit | null;
}

const mails: ParsedMail[] = [];
let smtp: TestSmtp;
let poolId: number;
let ip = 0;

beforeAll(async () => {
  await seed();
  const pools = await db.select().from(donationPools);
  poolId = pools.find((p) => p.status === "active" && !p.ends_on)!.id;
  smtp = await withTestMail(mails);
});

afterAll(async () => {
  await smtp.stop();
});

/** A monthly gift as a donor makes it, in English, each from its own address. */
async function newGift(overrides: Record<string, unknown> = {}, to: number | null = poolId) {
  const request = getRequest("/donate?lng=en");
  request.headers.set("x-forwarded-for", `10.1.0.${++ip}`);
  return createMonthlyGift(
    to,
    {
      donor_name: "Saraa",
      email: "saraa@example.mn",
      amount: 20_000,
      day_of_month: 15,
      method: "standing_order",
      remind_by_email: true,
      ...overrides,
    },
    request,
  );
}

const post = (fields: Record<string, string>, via?: "fetcher") =>
  relinkAction(
    routeArgs(formRequest("/monthly?index&lng=en", { ...fields, ...(via ? { via } : {}) })),
  );

const show = async (token: string) => {
  const answer = (await giftLoader(
    routeArgs(getRequest(`/monthly/${token}`), { token }),
  )) as DataResult<{ gift: unknown }>;
  return answer.init?.status ?? 200;
};

const linkRows = () =>
  db.select().from(outbox).where(eq(outbox.kind, "monthly.link")).orderBy(outbox.id);

const tokensIn = (text: string) =>
  [...text.matchAll(/https:\/\/storyshare\.test\/monthly\/(\d+\.\d+\.[\w-]{43})/g)].map(
    (m) => m[1]!,
  );

const api = (body: unknown, forwardedFor?: string) => {
  const request = jsonRequest("/api/monthly/links?lng=en", body);
  if (forwardedFor) request.headers.set("x-forwarded-for", forwardedFor);
  return apiLinks(routeArgs(request));
};

describe("the page /monthly", () => {
  it("shows the form with the bot check's signed time", async () => {
    const page = loaderResult<{ botTrap: string; sent: boolean }>(
      await relinkLoader(routeArgs(getRequest("/monthly?lng=en"))),
    ).data;
    expect(page.botTrap).toMatch(/^\d+\./);
    expect(page.sent).toBe(false);
  });

  it("mails new links for every gift of the address (a stopped one too); the old links are refused", async () => {
    const first = await newGift({ email: "Relink.Saraa@example.mn" });
    const second = await newGift({ email: "relink.saraa@example.mn", amount: 5000 }, null);
    // Stopped without a message of its own: the address is allowed 3 a day until it is confirmed.
    await db.update(monthlyGifts).set({ status: "stopped" }).where(eq(monthlyGifts.id, second.id));
    const created = mails.length;
    while ((await sendDue()) > 0);
    const welcome = mails.slice(created).find((m) => m.subject?.includes(first.payment_code));
    expect(welcome?.text).toContain(
      "Lost the link? Get a new one here: https://storyshare.test/monthly",
    );

    const answer = (await post({ contact: "  RELINK.saraa@Example.MN " })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/monthly?sent");
    expect(answer.headers.get("set-cookie")).toMatch(/storyshare_toast=/);
    await settleDeferred();

    const [row] = await linkRows();
    expect(row).toMatchObject({ channel: "email", language: "en" });
    const before = mails.length;
    while ((await sendDue()) > 0);
    const mail = mails.slice(before).find((m) => m.subject === "New links to your monthly gifts");
    expect(mail, "the links' mail reached the SMTP server").toBeDefined();
    expect((mail!.to as { text: string }).text.toLowerCase()).toBe("relink.saraa@example.mn");
    expect(mail!.text).toContain("(stopped)");
    const tokens = tokensIn(mail!.text ?? "");
    const fresh = [first, second].map((gift) => tokens.find((t) => t.startsWith(`${gift.id}.`)));
    expect(fresh.map((t) => t?.split(".")[1])).toEqual(["2", "2"]);

    for (const token of fresh) expect(await show(token!)).toBe(200);
    expect(await show(first.token)).toBe(404);
    expect(await show(second.token)).toBe(404);
  });

  it("says the same to an unknown address, and sends nothing", async () => {
    const known = await newGift({ email: "known.giver@example.mn" });
    const rowsBefore = (await linkRows()).length;
    const unknown = (await post(
      { contact: "nobody.here@example.mn" },
      "fetcher",
    )) as DataResult<Reply>;
    const found = (await post(
      { contact: "known.giver@example.mn" },
      "fetcher",
    )) as DataResult<Reply>;
    for (const answer of [unknown, found]) {
      expect(answer.init?.status ?? 200).toBe(200);
      expect(answer.data.sent).toBe(true);
      expect(answer.data.toast).toMatchObject({
        type: "success",
        description: "donate:monthly.relink.sent",
      });
    }
    expect(unknown.data.toast).toEqual(found.data.toast);
    await settleDeferred();
    const rows = (await linkRows()).slice(rowsBefore);
    expect(rows.map((r) => r.recipient)).toEqual(["known.giver@example.mn"]);
    expect(JSON.parse(rows[0]!.params)).toEqual({ ids: [known.id] });
  });

  it("a phone number: the new link goes by SMS", async () => {
    const made = await newGift({
      email: "",
      remind_by_email: false,
      remind_by_sms: true,
      phone_number: "+976 8811-2244",
    });
    await post({ contact: "8811 2244" });
    await settleDeferred();
    const sms = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "monthly.link"), eq(outbox.channel, "sms")));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.recipient).toBe("+97688112244");
    const text = (await renderMessage(sms[0]!))?.text ?? "";
    const [token] = tokensIn(text);
    expect(token).toMatch(new RegExp(`^${made.id}\\.2\\.`));
    expect(await show(token!)).toBe(200);
    expect(await show(made.token)).toBe(404);
  });

  it("changes nothing when the outbox would hold the message back (3 a day to an unconfirmed address)", async () => {
    const made = await newGift({ email: "busy.giver@example.mn" });
    await newGift({ email: "busy.giver@example.mn", amount: 30_000 });
    await newGift({ email: "busy.giver@example.mn", amount: 40_000 });
    const rowsBefore = (await linkRows()).length;
    const answer = (await post(
      { contact: "busy.giver@example.mn" },
      "fetcher",
    )) as DataResult<Reply>;
    expect(answer.data.sent).toBe(true);
    await settleDeferred();
    expect((await linkRows()).length).toBe(rowsBefore);
    expect(await show(made.token)).toBe(200);
  });

  it("refuses what is neither an address nor a phone, beside the field", async () => {
    const answer = (await post({ contact: "saraa at example" })) as DataResult<Reply>;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result.error?.contact).toEqual(["donate:monthly.relink.invalid"]);
  });

  it("refuses a form a program filled (the bot check)", async () => {
    const answer = (await post({
      contact: "bot.target@example.mn",
      [BOT_TRAP_FIELDS.honeypot]: "https://spam.example",
    })) as DataResult<Reply>;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result.error?.[""]).toEqual(["errors.formRefused"]);
  });

  it("per contact: the fourth request in an hour is refused with 429, in place", async () => {
    for (let i = 0; i < 3; i++) {
      const ok = (await post({ contact: "often@example.mn" }, "fetcher")) as DataResult<Reply>;
      expect(ok.data.sent).toBe(true);
    }
    const refused = (await post({ contact: "often@example.mn" }, "fetcher")) as DataResult<Reply>;
    expect(refused.init?.status).toBe(429);
    expect(new Headers(refused.init?.headers).get("retry-after")).toMatch(/^\d+$/);
    expect(refused.data.result.error?.[""]).toEqual(["errors.tooManyAttempts"]);
    expect(refused.data.toast?.type).toBe("error");
    await settleDeferred();
  });

  it("per client address (TRUST_PROXY): the sixth request in ten minutes is refused", async () => {
    config.TRUST_PROXY = true;
    try {
      const from = (n: number) => {
        const request = formRequest("/monthly?index&lng=en", {
          contact: `visitor${n}@example.mn`,
          via: "fetcher",
        });
        request.headers.set("x-forwarded-for", "203.0.113.50");
        return relinkAction(routeArgs(request)) as Promise<DataResult<Reply>>;
      };
      for (let n = 0; n < 5; n++) expect((await from(n)).data.sent).toBe(true);
      expect((await from(5)).init?.status).toBe(429);
    } finally {
      config.TRUST_PROXY = false;
      await settleDeferred();
    }
  });
});

describe("POST /api/monthly/links", () => {
  it("202 with the same words for a known and an unknown contact", async () => {
    const made = await newGift({ email: "api.giver@example.mn" });
    const known = await api({ contact: "api.giver@example.mn" });
    const unknown = await api({ contact: "api.nobody@example.mn" });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const body = await known.json();
    expect(body).toEqual({
      message: "If we have monthly gifts for this address or number, we have sent new links to it.",
    });
    expect(await unknown.json()).toEqual(body);
    await settleDeferred();
    const [gift] = await db.select().from(monthlyGifts).where(eq(monthlyGifts.id, made.id));
    expect(gift!.link_version).toBe(2);
  });

  it("400 for a bad contact or the bot field; 429 past the per-contact limit", async () => {
    expect((await api({ contact: "" })).status).toBe(400);
    // The donate forms' hidden field, as the service checks it for every caller (refuseBots).
    expect((await api({ contact: "x@example.mn", website: "https://spam.example" })).status).toBe(
      400,
    );
    for (let i = 0; i < 3; i++)
      expect((await api({ contact: "api.often@example.mn" })).status).toBe(202);
    const refused = await api({ contact: "api.often@example.mn" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    await settleDeferred();
  });
});
