import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, outbox, users } from "#db/schema";
import { config } from "~/config.server";
import { HttpError } from "~/http/http.server";
import { translatorFor } from "~/i18next.server";
import { sendDue } from "~/messages/sender.server";
import { accountEmail, setAccountEmail } from "~/models/account-email.server";
import { createPledge } from "~/models/donation-create.server";
import { decidePoolDonation } from "~/models/donation-decide.server";
import { createUser, type User } from "~/models/users.server";
import { action as profileAction } from "~/routes/profile";
import { translateMessage } from "~/schemas/zod";
import { formRequest, getRequest, routeArgs, signInAs } from "./helpers";

/**
 * Issue 38 item 5 (decision 049): the site mails no address without limit. A few unsolicited
 * messages a day to an address that never confirmed anything, a higher cap for confirmed ones;
 * a few address changes a day per account; nothing mailed for a suspended account. Without
 * SMTP_URL (as here) a sent mail is an .eml file under DATA_DIR/mail.
 */

const sendAll = async (now = Date.now()) => {
  while ((await sendDue(now)) > 0);
};

const rowsTo = (recipient: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.channel, "email")))
    .orderBy(outbox.id);

let poolId: number;

beforeAll(async () => {
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Хүүхдийн номын сан",
      description: "Сумын сургуульд ном",
      goal_amount: 100_000,
      bank_name: "Khan Bank",
      bank_account: "5000123456",
      account_name: "Ном ТББ",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

describe("address changes on /profile", () => {
  let user: User;
  let cookie: string;
  beforeAll(async () => {
    user = await createUser("limit_changer", "secret-pass");
    cookie = await signInAs("limit_changer");
  });

  const save = (email: string, lng = "mn") =>
    profileAction(
      routeArgs(formRequest(`/profile?lng=${lng}`, { intent: "email", email }, cookie)),
    );

  it("twelve in a row: three go through, the rest are refused with a clear message", async () => {
    const answers: unknown[] = [];
    for (let i = 1; i <= 12; i++) answers.push(await save(`change${i}@example.mn`));
    const accepted = answers.filter((a) => a instanceof Response && a.status === 302);
    expect(accepted).toHaveLength(3);
    // The fourth and later: the form again, with the reason under the address, and the address
    // typed kept; the account keeps the third address.
    expect(answers[3]).toMatchObject({
      data: {
        result: {
          error: { email: [expect.stringMatching(/^account\.email\.errors\.tooManyChanges/)] },
          initialValue: { email: "change4@example.mn" },
        },
      },
      init: { status: 429 },
    });
    expect((await accountEmail(user)).email).toBe("change3@example.mn");
    const confirmations = await db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, "account.confirm"),
          sql`json_extract(${outbox.params}, '$.user_id') = ${user.id}`,
        ),
      );
    expect(confirmations.map((r) => r.recipient)).toEqual([
      "change1@example.mn",
      "change2@example.mn",
      "change3@example.mn",
    ]);
  });

  it("the service refuses it too (for every caller), in the person's language, with Retry-After", async () => {
    const refused = await setAccountEmail(
      user,
      { email: "scripted@example.mn" },
      getRequest("/profile?lng=en"),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(429);
    const english = (await translatorFor("en")).t;
    expect(translateMessage(english, (refused as HttpError).message)).toBe(
      "You can give a new e-mail address at most 3 times in 24 hours. Please try again in 24 hours.",
    );
    const mongolian = (await translatorFor("mn")).t;
    expect(translateMessage(mongolian, (refused as HttpError).message)).toMatch(
      /^Шинэ имэйл хаягийг 24 цагийн дотор хамгийн ихдээ 3 удаа/,
    );
    const retry = Number(new Headers((refused as HttpError).headers).get("Retry-After"));
    expect(retry).toBeGreaterThan(23 * 3600);
    expect(retry).toBeLessThanOrEqual(24 * 3600);
    // Saving the address the account already has is not a change, and is not refused.
    const same = await setAccountEmail(
      user,
      { email: "change3@example.mn" },
      getRequest("/profile"),
    );
    expect(same.email).toBe("change3@example.mn");
    // Removing it mails nothing and stays possible.
    expect(await setAccountEmail(user, { email: "" }, getRequest("/profile"))).toEqual({
      email: null,
      confirmationSent: false,
    });
  });

  it("twelve at once still make three changes: the count and the change are one batch", async () => {
    const racer = await createUser("limit_racer", "secret-pass");
    const answers = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        setAccountEmail(racer, { email: `race${i}@example.mn` }, getRequest("/profile")),
      ),
    );
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(3);
    for (const a of answers.filter((a) => a.status === "rejected"))
      expect((a.reason as HttpError).status).toBe(429);
    const queued = await db
      .select()
      .from(outbox)
      .where(sql`json_extract(${outbox.params}, '$.user_id') = ${racer.id}`);
    expect(queued).toHaveLength(3);
    expect(queued.map((r) => r.recipient)).toContain((await accountEmail(racer)).email);
  });
});

describe("a suspended account", () => {
  it("cannot change its address, and nothing is mailed for it", async () => {
    const user = await createUser("limit_suspended", "secret-pass");
    const cookie = await signInAs("limit_suspended");
    // A confirmation queued just before the suspension is not sent either.
    await setAccountEmail(user, { email: "before@example.mn" }, getRequest("/profile"));
    await db
      .update(users)
      .set({ suspended_until: new Date(Date.now() + 86_400_000).toISOString() })
      .where(eq(users.id, user.id));
    const answer = await profileAction(
      routeArgs(formRequest("/profile", { intent: "email", email: "victim@example.mn" }, cookie)),
    );
    expect(answer).toMatchObject({
      data: {
        result: {
          error: { email: [expect.stringMatching(/^account\.email\.errors\.suspended/)] },
        },
      },
      init: { status: 403 },
    });
    expect((await accountEmail(user)).email).toBe("before@example.mn");
    expect(await rowsTo("victim@example.mn")).toHaveLength(0);
    await sendAll();
    const [queued] = await rowsTo("before@example.mn");
    expect(queued).toMatchObject({ status: "skipped", last_error: "suspended", body: "" });
  });
});

describe("mail to an address that never confirmed anything", () => {
  let sequence = 0;
  const pledge = (email: string) =>
    createPledge(
      poolId,
      {
        donor_name: "Танихгүй хүн",
        // A phone of its own each time: the donation limit per phone is not what is tested here.
        phone_number: `9911 ${4400 + ++sequence}`,
        amount: 5000,
        transaction_reference: `LIM-${sequence}`,
        email,
      },
      getRequest("/donation-pools/1/donate"),
    );

  it("six pledges with one stranger's address: three mails, three recorded as skipped and why", async () => {
    for (let i = 0; i < 6; i++) await pledge("stranger@example.mn");
    await sendAll();
    const rows = await rowsTo("stranger@example.mn");
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => r.status)).toEqual([
      "sent",
      "sent",
      "sent",
      "skipped",
      "skipped",
      "skipped",
    ]);
    for (const row of rows.slice(3)) {
      expect(row.last_error).toBe("unsolicitedLimit");
      expect(row.body).toBe("");
    }
    // /admin/messages says why, in both languages.
    for (const lng of ["en", "mn"]) {
      const { t } = await translatorFor(lng);
      for (const reason of ["unsolicitedLimit", "recipientLimit", "suspended"]) {
        const key = `admin:messages.skipReasons.${reason}`;
        expect(t(key), `${lng} ${key}`).toMatch(/^(Not sent|Илгээгээгүй): /);
      }
    }
    // Written differently, it is the same address.
    await pledge("  Stranger@Example.MN ");
    await sendAll();
    const [last] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.channel, "email"))
      .orderBy(sql`${outbox.id} desc`)
      .limit(1);
    expect(last).toMatchObject({ kind: "pledge.received", status: "skipped" });
  });

  it("once a gift from the address is verified, its mail goes again (under the higher cap)", async () => {
    const admin = await createUser("limit_admin", "secret-pass", "admin");
    const receipt = await pledge("payer@example.mn");
    for (let i = 0; i < 4; i++) await pledge("payer@example.mn");
    await sendAll();
    expect((await rowsTo("payer@example.mn")).filter((r) => r.status === "sent")).toHaveLength(3);
    await decidePoolDonation(poolId, receipt.id, "verified", admin);
    await sendAll();
    const rows = await rowsTo("payer@example.mn");
    expect(rows.at(-1)).toMatchObject({ kind: "pledge.verified", status: "sent" });
  });

  it("a confirmed account address gets what it asked for, up to a daily cap", async () => {
    const owner = await createUser("limit_confirmed", "secret-pass");
    await db
      .update(users)
      .set({ email: "owner@example.mn", email_confirmed_at: new Date().toISOString() })
      .where(eq(users.id, owner.id));
    const queue = (n: number) =>
      db.insert(outbox).values(
        Array.from({ length: n }, (_, i) => ({
          dedupe_key: `limit-test:${owner.id}:reset:${Date.now()}:${i}:${Math.random()}`,
          channel: "email" as const,
          recipient: "owner@example.mn",
          kind: "account.reset",
          params: JSON.stringify({ user_id: owner.id, token: `t${i}` }),
        })),
      );
    await queue(50);
    await sendAll();
    expect((await rowsTo("owner@example.mn")).every((r) => r.status === "sent")).toBe(true);
    await queue(2);
    await sendAll();
    const rows = await rowsTo("owner@example.mn");
    expect(rows.slice(-2).map((r) => [r.status, r.last_error])).toEqual([
      ["skipped", "recipientLimit"],
      ["skipped", "recipientLimit"],
    ]);
    // A day later the count starts again.
    await queue(1);
    await sendAll(Date.now() + 86_400_000 + 60_000);
    expect((await rowsTo("owner@example.mn")).at(-1)?.status).toBe("sent");
  });
});

describe("text messages", () => {
  it("one stranger's phone, however it is written, gets three texts a day", async () => {
    const texts: string[] = [];
    const gateway = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        texts.push(JSON.parse(body).to);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    const before = config.SMS_GATEWAY_URL;
    config.SMS_GATEWAY_URL = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
    try {
      const phones = ["+976 8811 2233", "88112233", "976-88-11-22-33", "8811 2233"];
      for (const [i, phone] of phones.entries()) {
        await createPledge(
          poolId,
          {
            donor_name: "Танихгүй хүн",
            phone_number: phone,
            amount: 5000,
            transaction_reference: `SMS-${i}`,
          },
          getRequest("/donation-pools/1/donate"),
        );
      }
      await sendAll();
      expect(texts).toEqual(["88112233", "88112233", "88112233"]);
      const [last] = await db
        .select()
        .from(outbox)
        .where(eq(outbox.channel, "sms"))
        .orderBy(sql`${outbox.id} desc`)
        .limit(1);
      expect(last?.status).toBe("skipped");
      expect(last?.last_error).toBe("unsolicitedLimit");
    } finally {
      config.SMS_GATEWAY_URL = before;
      await new Promise((resolve) => gateway.close(resolve));
    }
  });
});
