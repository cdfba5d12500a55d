import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, outbox, users } from "#db/schema";
import { config } from "~/config.server";
import { sendDue } from "~/messages/sender.server";
import { noteFailingMessages, queueAdminDigests } from "~/models/admin-notices.server";
import { createPledge } from "~/models/donation-create.server";
import { listInbox } from "~/models/inbox.server";
import { createUser, type User } from "~/models/users.server";
import { getRequest } from "./helpers";

/**
 * Issue 17: administrators hear of new work at most hourly (only when something new arrived),
 * and of messages that could not be sent, in their inbox and by mail.
 */

let admin: User;
let other: User;
let poolId: number;
const HOUR = 60 * 60 * 1000;
const digests = async () => db.select().from(outbox).where(eq(outbox.kind, "admin.digest"));

beforeAll(async () => {
  admin = await createUser("notice_admin", "secret-pass", "admin");
  other = await createUser("notice_admin2", "secret-pass", "admin");
  await db
    .update(users)
    .set({ email: "admin@example.mn", email_confirmed_at: new Date().toISOString() })
    .where(eq(users.id, admin.id));
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Digest pool",
      description: "d",
      goal_amount: 10_000,
      bank_name: "TDB",
      bank_account: "123456",
      account_name: "a",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

const pledge = (n: number) =>
  createPledge(
    poolId,
    {
      donor_name: "Дорж",
      phone_number: `9900000${n}`,
      amount: 1000,
      transaction_reference: `DIG-${n}`,
    },
    getRequest("/donation-pools/1/donate"),
  );

describe("the administrators' digest", () => {
  it("is queued when something new waits, at most once an hour, to confirmed addresses", async () => {
    await queueAdminDigests();
    expect(await digests()).toHaveLength(0);
    await pledge(1);
    await queueAdminDigests();
    await queueAdminDigests();
    expect((await digests()).map((d) => d.recipient)).toEqual(["admin@example.mn"]);
    await sendDue();
    const dir = path.join(config.DATA_DIR, "mail");
    const file = readdirSync(dir).find((f) => f.endsWith("admin.digest.eml"))!;
    const mail = await simpleParser(readFileSync(path.join(dir, file)));
    expect(mail.subject).toBe("Хүлээгдэж буй ажил: хянах зүйл 0, төлбөр 0, хандив 1");
    expect(mail.text).toContain("/admin");

    // An hour later with nothing new: no digest. Something new: one more.
    await queueAdminDigests(Date.now() + HOUR + 60_000);
    expect(await digests()).toHaveLength(1);
    await pledge(2);
    await queueAdminDigests(Date.now() + HOUR + 60_000);
    expect(await digests()).toHaveLength(2);
  });
});

describe("messages that cannot be sent", () => {
  it("warn every administrator's inbox, and by mail, once an hour", async () => {
    await db.insert(outbox).values({
      dedupe_key: "test:dead",
      channel: "sms",
      recipient: "99000001",
      kind: "pledge.received",
      status: "dead",
      attempts: 6,
      next_attempt_at: new Date().toISOString(),
    });
    await noteFailingMessages();
    await noteFailingMessages();
    for (const user of [admin, other]) {
      const warnings = (await listInbox(user)).items.filter((i) => i.kind === "admin.failing");
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.params.count).toBe(1);
    }
    const mails = await db.select().from(outbox).where(eq(outbox.kind, "admin.failing"));
    expect(mails.map((m) => m.recipient)).toEqual(["admin@example.mn"]);
  });
});
