import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, outbox } from "#db/schema";
import { config } from "~/config.server";
import { HttpError } from "~/http/http.server";
import { mongolianMobile } from "~/messages/channels.server";
import { sendDue } from "~/messages/sender.server";
import { createGeneralDonation, createPledge } from "~/models/donation-create.server";
import { decideGeneralDonation, decidePoolDonation } from "~/models/donation-decide.server";
import { claimDue, MAX_ATTEMPTS, retryMessage } from "~/models/outbox.server";
import { createUser, type User } from "~/models/users.server";
import { action as messagesAction, loader as messagesLoader } from "~/routes/admin.messages";
import { startTestSmtp, type TestSmtp } from "../support/smtp-server";
import { formRequest, getRequest, routeArgs, signInAs } from "./helpers";

/**
 * Issue 17: a donor is told what happened to their gift, by e-mail and text message, exactly
 * once — tested against a real SMTP server (smtp-server, on a local port) and a local HTTP
 * receiver standing in for the SMS gateway.
 */

const mails: ParsedMail[] = [];
const texts: { to: string; text: string; auth: string | undefined }[] = [];
let smtp: TestSmtp;
let gateway: Server;
let smsStatus = 200;
let admin: User;
let poolId: number;

const minutes = (n: number) => Date.now() + n * 60_000;

beforeAll(async () => {
  smtp = await startTestSmtp(mails);
  gateway = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      if (smsStatus === 200) texts.push({ ...JSON.parse(body), auth: req.headers.authorization });
      res.writeHead(smsStatus).end();
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  Object.assign(config, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "StoryShare <no-reply@storyshare.test>",
    SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`,
    SMS_GATEWAY_TOKEN: "gateway-token",
    SITE_URL: "https://storyshare.test",
  });
  admin = await createUser("messenger", "secret-pass", "admin");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Говийн худаг",
      description: "Малчдад ус",
      goal_amount: 100_000,
      bank_name: "Khan Bank",
      bank_account: "5000123456",
      account_name: "Говь ТББ",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

afterAll(async () => {
  await smtp.stop();
  await new Promise((resolve) => gateway.close(resolve));
});

beforeEach(async () => {
  await sendDue(minutes(24 * 60));
  mails.length = 0;
  texts.length = 0;
  smsStatus = 200;
});

let sequence = 0;
const pledgeInput = (extra: Record<string, unknown> = {}) => ({
  donor_name: "Сараа",
  phone_number: "+976 9911 2233",
  amount: 5000,
  transaction_reference: `TX-${++sequence}`,
  email: "saraa@example.mn",
  ...extra,
});

describe("a pledge", () => {
  it("sends the donor an e-mail and a text with the payment code and the status link", async () => {
    const receipt = await createPledge(
      poolId,
      pledgeInput(),
      getRequest("/donation-pools/1/donate"),
    );
    expect(await sendDue()).toBe(2);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("saraa@example.mn");
    expect(mail.subject).toBe(`Таны хандив бүртгэгдлээ. Төлбөрийн код: ${receipt.payment_code}`);
    const link = `https://storyshare.test/donations/${receipt.status_token}`;
    for (const body of [mail.text ?? "", String(mail.html)]) {
      expect(body).toContain(receipt.payment_code);
      expect(body).toContain("5,000₮");
      expect(body).toContain("5000123456");
      expect(body).toContain("Говийн худаг");
      expect(body).toContain(link);
    }
    expect(mail.messageId).toMatch(/^<outbox-\d+@storyshare\.test>$/);
    expect(texts).toEqual([
      {
        to: "99112233",
        text: expect.stringContaining(receipt.payment_code),
        auth: "Bearer gateway-token",
      },
    ]);
    expect(texts[0]!.text).toContain(link);
    // Sent once: nothing is left to send.
    expect(await sendDue(minutes(60))).toBe(0);
  });

  it("is told in the language the donor used", async () => {
    const receipt = await createPledge(
      poolId,
      pledgeInput(),
      getRequest("/donation-pools/1/donate?lng=en"),
    );
    await sendDue();
    expect(mails[0]!.subject).toBe(
      `Your donation is recorded. Payment code: ${receipt.payment_code}`,
    );
    expect(mails[0]!.text).toContain("type the payment code into the transfer description");
    expect(texts[0]!.text).toMatch(/^StoryShare: your donation is recorded/);
  });

  it("without an e-mail address: only the text message", async () => {
    await createPledge(poolId, pledgeInput({ email: "" }), getRequest("/donation-pools/1/donate"));
    await sendDue();
    expect(mails).toHaveLength(0);
    expect(texts).toHaveLength(1);
  });

  it("refuses an address that is not one, and records nothing", async () => {
    const before = await db.$count(outbox);
    const refused = await createPledge(
      poolId,
      pledgeInput({ email: "saraa at example" }),
      getRequest("/donation-pools/1/donate"),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).fieldErrors).toEqual({
      email: ["donate:validation.emailFormat"],
    });
    expect(await db.$count(outbox)).toBe(before);
  });
});

describe("a decision", () => {
  it("verified by two administrators at once: the donor is told once, with the new total", async () => {
    const receipt = await createPledge(
      poolId,
      pledgeInput(),
      getRequest("/donation-pools/1/donate"),
    );
    await sendDue();
    mails.length = 0;
    texts.length = 0;
    const results = await Promise.allSettled([
      decidePoolDonation(poolId, receipt.id, "verified", admin),
      decidePoolDonation(poolId, receipt.id, "verified", admin),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    await sendDue();
    await sendDue();
    expect(mails.map((m) => m.subject)).toEqual(["Таны хандив баталгаажлаа"]);
    const [{ raised } = { raised: 0 }] = await db
      .select({ raised: donationPools.current_amount })
      .from(donationPools)
      .where(eq(donationPools.id, poolId));
    expect(mails[0]!.text).toContain(
      `Аянд одоогоор нийт ${raised.toLocaleString("en")}₮ цугларлаа`,
    );
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain("баталгаажлаа");
  });

  it("a rejected site donation tells the donor what to do", async () => {
    const receipt = await createGeneralDonation(
      { ...pledgeInput(), amount: 2000, bank_name: "Khan Bank" },
      getRequest("/donate?lng=en"),
    );
    await sendDue();
    mails.length = 0;
    texts.length = 0;
    await decideGeneralDonation(receipt.id, "rejected", admin);
    await sendDue();
    expect(mails.map((m) => m.subject)).toEqual(["We could not verify your transfer"]);
    expect(mails[0]!.text).toContain("write to us with the transfer's receipt");
    expect(texts[0]!.text).toContain(receipt.payment_code);
  });
});

describe("the sender", () => {
  it("retries a failing gateway with backoff, gives up after the last try, and can be told to retry", async () => {
    smsStatus = 503;
    await createPledge(poolId, pledgeInput({ email: "" }), getRequest("/donation-pools/1/donate"));
    await sendDue();
    const [row] = await db.select().from(outbox).orderBy(sql`id DESC`).limit(1);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.last_error).toContain("503");
    // Not before its time.
    expect(await sendDue()).toBe(0);
    for (let i = 2; i <= MAX_ATTEMPTS; i++) await sendDue(minutes(4 * 60 * i));
    const [dead] = await db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(dead).toMatchObject({ status: "dead", attempts: MAX_ATTEMPTS });

    smsStatus = 200;
    await retryMessage(row!.id, admin);
    await sendDue();
    const [sent] = await db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
    expect(texts).toHaveLength(1);
  });

  it("a sender that dies holding a message: another sends it once its claim lapses", async () => {
    await createPledge(poolId, pledgeInput({ email: "" }), getRequest("/donation-pools/1/donate"));
    const claimed = await claimDue();
    expect(claimed).toHaveLength(1);
    // That sender is gone: nothing is sent, and no one else takes it meanwhile.
    expect(await sendDue()).toBe(0);
    expect(await sendDue(minutes(3))).toBe(1);
    expect(texts).toHaveLength(1);
    expect(await sendDue(minutes(10))).toBe(0);
  });

  it("with no SMTP_URL writes each mail as an .eml file under DATA_DIR/mail", async () => {
    const saved = config.SMTP_URL;
    config.SMTP_URL = undefined;
    try {
      const receipt = await createPledge(
        poolId,
        pledgeInput(),
        getRequest("/donation-pools/1/donate"),
      );
      await sendDue();
      const dir = path.join(config.DATA_DIR, "mail");
      expect(existsSync(dir)).toBe(true);
      const files = readdirSync(dir).filter((f) => f.endsWith("pledge.received.eml"));
      const parsed = await Promise.all(
        files.map((f) => simpleParser(readFileSync(path.join(dir, f)))),
      );
      expect(parsed.some((m) => m.subject?.includes(receipt.payment_code))).toBe(true);
      expect(mails).toHaveLength(0);
      // /admin/messages names the file a sent mail went to.
      const page = (await messagesLoader(
        routeArgs(getRequest("/admin/messages?filter=sent", await signInAs("messenger"))),
      )) as Awaited<ReturnType<typeof messagesLoader>>;
      const written = page.list.items.find(
        (m) => m.kind === "pledge.received" && m.channel === "email" && m.file,
      );
      expect(written?.file).toMatch(/^DATA_DIR\/mail\/\d+-pledge\.received\.eml$/);
      expect(files).toContain(written!.file!.split("/").at(-1));
      // One that went through the SMTP server has no file.
      expect(
        page.list.items.some((m) => m.channel === "email" && m.status === "sent" && !m.file),
      ).toBe(true);
    } finally {
      config.SMTP_URL = saved;
    }
  });

  it("reads Mongolian mobile numbers as the gateway takes them", () => {
    expect(mongolianMobile("9911 2233")).toBe("99112233");
    expect(mongolianMobile("+976 8811-2233")).toBe("88112233");
    expect(mongolianMobile("97699112233")).toBe("99112233");
    expect(mongolianMobile("+44 7700 900123")).toBeNull();
    expect(mongolianMobile("11223344")).toBeNull();
  });
});

describe("/admin/messages", () => {
  it("lists what was sent and why not, and sends a dead message again", async () => {
    smsStatus = 500;
    await createPledge(poolId, pledgeInput({ email: "" }), getRequest("/donation-pools/1/donate"));
    for (let i = 1; i <= MAX_ATTEMPTS; i++) await sendDue(minutes(4 * 60 * i));
    const cookie = await signInAs("messenger");
    const page = (await messagesLoader(
      routeArgs(getRequest("/admin/messages?filter=failed", cookie)),
    )) as Awaited<ReturnType<typeof messagesLoader>>;
    expect(page.filter).toBe("failed");
    expect(page.delivery).toEqual({
      smtp: smtp.url.replace("smtp://", ""),
      sms: expect.any(String),
      mailDir: "DATA_DIR/mail",
    });
    const dead = page.list.items[0]!;
    expect(dead).toMatchObject({ status: "dead", channel: "sms", kind: "pledge.received" });
    expect(dead.last_error).toContain("500");
    expect(page.list.items.every((m) => m.status === "failed" || m.status === "dead")).toBe(true);

    smsStatus = 200;
    const res = (await messagesAction(
      routeArgs(formRequest("/admin/messages", { intent: "retry", id: String(dead.id) }, cookie)),
    )) as Response;
    expect(res.status).toBe(302);
    await sendDue();
    const [row] = await db.select().from(outbox).where(eq(outbox.id, dead.id));
    expect(row!.status).toBe("sent");
    expect(row!.body).toContain("StoryShare");
    // A message that has not failed cannot be sent again.
    const again = (await messagesAction(
      routeArgs(formRequest("/admin/messages", { intent: "retry", id: String(dead.id) }, cookie)),
    )) as Response;
    expect(again.status).toBe(302);
    expect(await retryMessage(dead.id, admin).catch((e: HttpError) => e.status)).toBe(409);
  });
});
