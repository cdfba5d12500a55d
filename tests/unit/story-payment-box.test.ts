import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { outbox, stories, users } from "#db/schema";
import { config, payee } from "~/config.server";
import { translatorFor } from "~/i18next.server";
import { inboxText } from "~/lib/inbox-text";
import { renderMessage } from "~/messages/render.server";
import { listInbox } from "~/models/inbox.server";
import { resetQpayClient } from "~/models/qpay-invoices.server";
import { createUser, type User } from "~/models/users.server";
import { loader as postStoryLoader, action as wizard } from "~/routes/post-story";
import { loader as profileLoader } from "~/routes/profile";
import { loader as storyLoader } from "~/routes/stories.$id";
import { type QpayStandIn, startQpayStandIn } from "../support/qpay-server";
import { getRequest, routeArgs, signInAs } from "./helpers";

/**
 * Issue 41 item 1: the payment reference step 3 shows is the one the story keeps, however often
 * step 2 is passed (a phone reloading the tab in the bank app), the draft keeps its picture, and
 * after sending the author finds where to pay on /profile, on the story's page, in the inbox
 * entry and in the "received" mail.
 */

let author: User;
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  author = await createUser("box_author", "secret-pass");
  await createUser("box_reader", "secret-pass");
  await db
    .update(users)
    .set({ email: "box@example.mn", email_confirmed_at: new Date().toISOString(), language: "en" })
    .where(eq(users.id, author.id));
  cookie = await signInAs("box_author");
  otherCookie = await signInAs("box_reader");
});

const story = {
  title: "Говийн худаг",
  story: "Өвлийн өглөө бид говийн худгийн дэргэд цай чанасан юм. Нар мандаж байлаа.",
  bank_name: "Khan Bank",
  bank_account: "5012345678",
  account_name: "Бат",
};
const empty = {
  title: "",
  story: "",
  bank_name: "",
  bank_account: "",
  account_name: "",
  pricing_tier: "",
  payment_reference: "",
  image_id: "",
};

type Reply = {
  data: { step: number; result: { initialValue: Record<string, string> } };
};

function post(fields: Record<string, string>, image?: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (image) form.set("image", new Blob([new Uint8Array(image)], { type: "image/png" }), "a.png");
  return wizard(
    routeArgs(
      new Request("http://localhost:3000/post-story", {
        method: "POST",
        headers: { host: "localhost:3000", origin: "http://localhost:3000", cookie },
        body: form,
      }),
    ),
  ) as unknown as Promise<Reply | Response>;
}

/** Step 2 passed with a paid plan, as after a reload: nothing carried but what the form had. */
async function passStep2(values: Record<string, string> = {}) {
  const res = await post({
    ...empty,
    ...story,
    ...values,
    pricing_tier: "weekly",
    step: "2",
    intent: "next",
  });
  if (res instanceof Response) throw new Error(`expected step 3, got ${res.status}`);
  expect(res.data.step).toBe(3);
  return res.data.result.initialValue;
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();

let storyId: number;
let code: string;

describe("one code per draft and story", () => {
  it("passing step 2 again (a reload in the bank app) shows the same code", async () => {
    const first = await passStep2();
    const second = await passStep2();
    expect(first.payment_reference).toMatch(/^\d{6}$/);
    expect(second.payment_reference).toBe(first.payment_reference);
    code = first.payment_reference!;
  });

  it("the story sent from step 3 keeps the code step 3 showed; the next draft gets a new one", async () => {
    const res = await post({
      ...empty,
      ...story,
      pricing_tier: "weekly",
      payment_reference: code,
      step: "3",
      intent: "submit",
    });
    expect(res).toBeInstanceOf(Response);
    const [row] = await db.select().from(stories).where(eq(stories.user_id, author.id));
    expect(row!.payment_reference).toBe(code);
    storyId = row!.id;
    const next = await passStep2();
    expect(next.payment_reference).not.toBe(code);
  });

  it("another author's held code is not given to a story", async () => {
    const theirs = await passStep2();
    const otherAuthor = await createUser("box_other", "secret-pass");
    const { createStory } = await import("~/models/story-submission.server");
    const row = await createStory(otherAuthor, {
      ...story,
      pricing_tier: "daily",
      payment_reference: theirs.payment_reference,
    });
    expect(row.payment_reference).toMatch(/^\d{6}$/);
    expect(row.payment_reference).not.toBe(theirs.payment_reference);
  });
});

describe("the draft keeps its image", () => {
  it("a picture stored at step 1 is the draft's when the wizard opens again", async () => {
    const res = await post({ ...empty, ...story, step: "1", intent: "next" }, await png());
    if (res instanceof Response) throw new Error("expected step 2");
    const imageId = res.data.result.initialValue.image_id;
    expect(imageId).toMatch(/^[a-f0-9]{64}$/);
    // The phone reloads: a fresh GET of the wizard.
    const page = (await postStoryLoader(routeArgs(getRequest("/post-story", cookie)))) as {
      image_id?: string;
    };
    expect(page.image_id).toBe(imageId);
    // Removed, it is gone from the draft too.
    await post({ ...empty, ...story, image_id: imageId!, step: "1", intent: "remove-image" });
    const again = (await postStoryLoader(routeArgs(getRequest("/post-story", cookie)))) as {
      image_id?: string;
    };
    expect(again.image_id ?? "").toBe("");
  });
});

describe("where to pay, after sending", () => {
  it("the inbox entry names the bank, account, amount and code", async () => {
    const t = (await translatorFor("en")).t;
    const { items } = await listInbox(author);
    const received = items.find((i) => i.kind === "story.received")!;
    const { payment } = inboxText(t, received, "en") as {
      payment?: { label: string; value: string }[];
    };
    const text = (payment ?? []).map((r) => `${r.label}: ${r.value}`).join("\n");
    expect(text).toContain(payee.bank_account);
    expect(text).toContain("Khan Bank");
    expect(text).toContain("5,000");
    expect(text).toContain(code);
  });

  it("the received mail names the bank, account, amount and code", async () => {
    const [row] = await db.select().from(outbox).where(eq(outbox.recipient, "box@example.mn"));
    const mail = await renderMessage(row!);
    expect(mail?.text).toContain(payee.bank_account);
    // In the language the author used when sending (here the site's first, Mongolian).
    expect(mail?.text).toMatch(/Хаан банк|Khan Bank/);
    expect(mail?.text).toMatch(/5,000/);
    expect(mail?.text).toContain(code);
  });

  it("/profile and the story's own page show the payment box to its author", async () => {
    const profile = (await profileLoader(routeArgs(getRequest("/profile", cookie)))) as {
      stories: { id: number; payment?: { reference: string; amount: number; account: string } }[];
    };
    const card = profile.stories.find((s) => s.id === storyId)!;
    expect(card.payment).toMatchObject({
      reference: code,
      amount: 5000,
      account: payee.bank_account,
    });

    const page = (await storyLoader(
      routeArgs(getRequest(`/stories/${storyId}`, cookie), { id: String(storyId) }),
    )) as unknown as { payment?: { reference: string; amount: number } | null };
    expect(page.payment).toMatchObject({ reference: code, amount: 5000 });
  });

  it("nobody else sees it, and it goes once the payment is verified", async () => {
    const admin = await createUser("box_admin", "secret-pass", "admin");
    const asAdmin = await signInAs("box_admin");
    const adminPage = (await storyLoader(
      routeArgs(getRequest(`/stories/${storyId}`, asAdmin), { id: String(storyId) }),
    )) as unknown as { payment?: unknown };
    expect(adminPage.payment ?? null).toBeNull();
    const { verifyStoryPayment } = await import("~/models/moderation.server");
    await verifyStoryPayment(storyId, admin);
    const page = (await storyLoader(
      routeArgs(getRequest(`/stories/${storyId}`, cookie), { id: String(storyId) }),
    )) as unknown as { payment?: unknown };
    expect(page.payment ?? null).toBeNull();
    const profile = (await profileLoader(routeArgs(getRequest("/profile", cookie)))) as {
      stories: { id: number; payment?: unknown }[];
    };
    expect(profile.stories.find((s) => s.id === storyId)!.payment ?? null).toBeNull();
    const t = (await translatorFor("en")).t;
    const received = (await listInbox(author)).items.find((i) => i.kind === "story.received")!;
    expect((inboxText(t, received, "en") as { payment?: unknown }).payment ?? null).toBeNull();
    expect(otherCookie).toBeTruthy();
  });
});

describe("QPay above the transfer, when configured", () => {
  let standIn: QpayStandIn;
  beforeAll(async () => {
    standIn = await startQpayStandIn();
    Object.assign(config, standIn.env());
    resetQpayClient();
  });
  afterAll(async () => {
    for (const key of ["QPAY_URL", "QPAY_CLIENT_ID", "QPAY_CLIENT_SECRET", "QPAY_INVOICE_CODE"]) {
      (config as Record<string, unknown>)[key] = undefined;
    }
    resetQpayClient();
    await standIn.stop();
  });

  it("the payment box on /profile and on the story page carries the story's invoice", async () => {
    const reference = (await passStep2()).payment_reference!;
    await post({
      ...empty,
      ...story,
      pricing_tier: "weekly",
      payment_reference: reference,
      step: "3",
      intent: "submit",
    });
    const [row] = await db
      .select({ id: stories.id })
      .from(stories)
      .where(eq(stories.payment_reference, reference));
    type Box = { qpay: { qr_image: string; urls: unknown[] } | null } | null;
    const profile = (await profileLoader(routeArgs(getRequest("/profile", cookie)))) as {
      stories: { id: number; payment?: Box }[];
    };
    const card = profile.stories.find((s) => s.id === row!.id)!;
    expect(card.payment?.qpay?.qr_image).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(card.payment?.qpay?.urls.length).toBeGreaterThan(0);
    const page = (await storyLoader(
      routeArgs(getRequest(`/stories/${row!.id}`, cookie), { id: String(row!.id) }),
    )) as unknown as { payment?: Box };
    expect(page.payment?.qpay?.qr_image).toBe(card.payment?.qpay?.qr_image);
    // One invoice for the story, whichever page asked first.
    const invoices = [...standIn.invoices.values()].filter(
      (i) => i.sender_invoice_no === reference,
    );
    expect(invoices).toHaveLength(1);
  });
});
