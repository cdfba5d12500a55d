import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { outbox, stories, users } from "#db/schema";
import { config } from "~/config.server";
import { sendDue } from "~/messages/sender.server";
import { setAccountEmail } from "~/models/account-email.server";
import { addComment } from "~/models/comments.server";
import { listInbox, noteFeaturedEnding } from "~/models/inbox.server";
import { mailPreferences } from "~/models/mail-preferences.server";
import { approveStory, verifyStoryPayment } from "~/models/moderation.server";
import { createStory } from "~/models/story-submission.server";
import { createUser, type User } from "~/models/users.server";
import { action as loginApi } from "~/routes/api.login";
import { action as storiesApi } from "~/routes/api.stories";
import { action as switchLanguage } from "~/routes/resources.language";
import { action as unsubscribe, loader as unsubscribePage } from "~/routes/unsubscribe";
import { cookiesFrom, formRequest, getRequest, jsonRequest, ORIGIN, routeArgs } from "./helpers";

/**
 * Issue 17: an author with a confirmed address gets the inbox's news by e-mail too, comments
 * collected into one mail an hour, and every such mail can be turned off in one click.
 */

let admin: User;
let author: User;
let reader: User;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  admin = await createUser("am_admin", "secret-pass", "admin");
  author = await createUser("am_author", "secret-pass");
  reader = await createUser("am_reader", "secret-pass");
  await db
    .update(users)
    .set({
      email: "author@example.mn",
      email_confirmed_at: new Date().toISOString(),
      language: "en",
    })
    .where(eq(users.id, author.id));
});

/** A header as it was written (mailparser reads List-* headers into objects of its own). */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/^[^:]+:\s*/, "")
    .replace(/\r?\n\s+/g, "") ?? "";

async function mailsTo(address: string, kind: string) {
  const dir = path.join(config.DATA_DIR, "mail");
  const files = readdirSync(dir).filter((f) => f.endsWith(`-${kind}.eml`));
  const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(path.join(dir, f)))));
  return parsed.filter((m) => m.to && "text" in m.to && m.to.text === address);
}

const storyInput = (title: string) => ({
  title,
  story: "Өвлийн өглөө бид говийн худгийн дэргэд цай чанасан юм. Нар мандаж байлаа.",
  bank_name: "TDB",
  bank_account: "4001002003",
  pricing_tier: "daily",
  payment_reference: "612345",
});

/** An account with a confirmed address, in `language`. */
async function mailedUser(username: string, email: string, language: "mn" | "en") {
  const user = await createUser(username, "secret-pass");
  await db
    .update(users)
    .set({ email, email_confirmed_at: new Date().toISOString(), language })
    .where(eq(users.id, user.id));
  return user;
}

const languageOf = async (user: User) =>
  (await db.select({ language: users.language }).from(users).where(eq(users.id, user.id)))[0]
    ?.language;

const paidStory = (title: string) =>
  createStory(author, {
    title,
    story: "Өвлийн өглөө бид говийн худгийн дэргэд цай чанасан юм. Нар мандаж байлаа.",
    bank_name: "TDB",
    bank_account: "4001002003",
    pricing_tier: "daily",
    payment_reference: "612345",
  });

describe("an author's mail", () => {
  it("says what the inbox says, in the author's language, with a one-click unsubscribe", async () => {
    const story = await paidStory("Mail story");
    // Sent while the payment is still owed: the mail says how to pay.
    await sendDue();
    await verifyStoryPayment(story.id, admin);
    await approveStory(story.id, admin);
    await sendDue();
    const mails = await mailsTo("author@example.mn", "inbox");
    const subjects = mails.map((m) => m.subject);
    expect(
      subjects.some((s) =>
        /^Your story «Mail story» is published and featured until /.test(s ?? ""),
      ),
    ).toBe(true);
    expect(subjects).toContain("The payment for your story «Mail story» is verified.");
    expect(subjects.some((s) => s?.startsWith("We received your story «Mail story»"))).toBe(true);
    // Received, paid plan: how to pay.
    const received = mails.find((m) =>
      m.subject?.startsWith("We received your story «Mail story»"),
    )!;
    expect(received.text).toContain("type the payment code into the transfer description");
    expect(received.text).toContain("Payment code: 612345");
    const published = mails.find((m) => m.subject?.includes("is published"))!;
    expect(published.text).toContain(`/stories/${story.id}`);
    const unsubscribeHeader = header(published, "list-unsubscribe");
    expect(unsubscribeHeader).toMatch(/\/unsubscribe\?u=.+&g=stories&s=/);
    expect(header(published, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  });

  it("collects an hour's comments into one mail, sent when the hour ends", async () => {
    const story = await paidStory("Comment story");
    await verifyStoryPayment(story.id, admin);
    await approveStory(story.id, admin);
    await addComment(story.id, reader, { content: "First!" });
    await addComment(story.id, reader, { content: "Second thought." });
    const rows = await db.select().from(outbox).where(eq(outbox.kind, "comments"));
    expect(rows).toHaveLength(1);
    await sendDue();
    expect(await mailsTo("author@example.mn", "comments")).toHaveLength(0);
    await sendDue(Date.now() + HOUR);
    const [mail] = await mailsTo("author@example.mn", "comments");
    expect(mail!.subject).toBe("New comments on your story «Comment story»");
    expect(mail!.text).toContain("am_reader: «First!»");
    expect(mail!.text).toContain("am_reader: «Second thought.»");
    expect(header(mail!, "list-unsubscribe")).toContain("g=comments");
  });

  it("one click turns a kind of mail off, without signing in; the inbox keeps everything", async () => {
    const [mail] = (await mailsTo("author@example.mn", "inbox")).filter((m) =>
      m.subject?.includes("is published"),
    );
    const link = header(mail!, "list-unsubscribe").replace(/^<|>$/g, "");
    const { pathname, search } = new URL(link);
    // Opened in a browser, it asks first.
    const page = await unsubscribePage(routeArgs(getRequest(pathname + search)));
    expect(page.group).toBe("stories");
    expect((await mailPreferences(author)).stories).toBe(true);
    // The mail program's one-click POST.
    const res = (await unsubscribe(
      routeArgs(
        new Request(`${ORIGIN}${pathname}${search}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:3000" },
          body: "List-Unsubscribe=One-Click",
        }),
      ),
    )) as Response;
    expect(res.status).toBe(200);
    expect(await mailPreferences(author)).toEqual({ stories: false, comments: true, digest: true });

    const before = (await db.select().from(outbox).where(eq(outbox.recipient, "author@example.mn")))
      .length;
    const story = await paidStory("Quiet story");
    await verifyStoryPayment(story.id, admin);
    const after = (await db.select().from(outbox).where(eq(outbox.recipient, "author@example.mn")))
      .length;
    expect(after).toBe(before);
    expect((await listInbox(author)).items[0]).toMatchObject({ kind: "story.paymentVerified" });
    // A forged link does nothing.
    const forged = (await unsubscribe(
      routeArgs(
        new Request(`${ORIGIN}/unsubscribe?u=${author.id}&g=comments&s=forged`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:3000" },
          body: "List-Unsubscribe=One-Click",
        }),
      ),
    )) as Response;
    expect(forged.status).toBe(404);
    expect((await mailPreferences(author)).comments).toBe(true);
  });
});

describe("the language of an author's mail", () => {
  it("is the one they last used: signing in, writing, switching the site's language", async () => {
    const polyglot = await mailedUser("am_polyglot", "polyglot@example.mn", "mn");
    // Signing in in English.
    const signedIn = await loginApi(
      routeArgs(
        jsonRequest("/api/login?lng=en", { username: "am_polyglot", password: "secret-pass" }),
      ),
    );
    expect(signedIn.status).toBe(200);
    expect(await languageOf(polyglot)).toBe("en");
    const cookie = cookiesFrom(signedIn);

    // Sending the story in Mongolian: its mails, and the approval's that follows it, are Mongolian.
    const sent = await storiesApi(
      routeArgs(jsonRequest("/api/stories?lng=mn", storyInput("Хэлтэй түүх"), { cookie })),
    );
    expect(sent.status).toBe(201);
    const story = (await sent.json()) as { id: number };
    expect(await languageOf(polyglot)).toBe("mn");
    await verifyStoryPayment(story.id, admin);
    await sendDue();
    const verified = (await mailsTo("polyglot@example.mn", "inbox")).map((m) => m.subject);
    expect(verified).toContain("«Хэлтэй түүх» түүхийн тань төлбөр баталгаажлаа.");

    // Switching the site to English: the next mail is English.
    const switched = (await switchLanguage(
      routeArgs(formRequest("/resources/language", { lng: "en", redirectTo: "/" }, cookie)),
    )) as Response;
    expect(switched.status).toBe(302);
    expect(await languageOf(polyglot)).toBe("en");
    await approveStory(story.id, admin);
    await sendDue();
    const subjects = (await mailsTo("polyglot@example.mn", "inbox")).map((m) => m.subject ?? "");
    expect(subjects.some((s) => s.startsWith("Your story «Хэлтэй түүх» is published"))).toBe(true);
    const rows = await db.select().from(outbox).where(eq(outbox.recipient, "polyglot@example.mn"));
    expect(rows.map((r) => r.language)).toEqual(["mn", "mn", "en"]);
  });

  it("a write in the language already kept writes nothing to the account", async () => {
    const steady = await mailedUser("am_steady", "steady@example.mn", "en");
    const cookie = cookiesFrom(
      await loginApi(
        routeArgs(
          jsonRequest("/api/login?lng=en", { username: "am_steady", password: "secret-pass" }),
        ),
      ),
    );
    const writes: string[] = [];
    const spy = db.update.bind(db);
    const original = db.update;
    db.update = ((table: Parameters<typeof db.update>[0]) => {
      if (table === users) writes.push("users");
      return spy(table);
    }) as typeof db.update;
    try {
      const sent = await storiesApi(
        routeArgs(jsonRequest("/api/stories?lng=en", storyInput("Steady story"), { cookie })),
      );
      expect(sent.status).toBe(201);
    } finally {
      db.update = original;
    }
    expect(writes).toEqual([]);
    expect(await languageOf(steady)).toBe("en");
  });
});

describe("mail that must not go, or go once", () => {
  it("an unconfirmed address gets its confirmation link and no story mail", async () => {
    const newcomer = await createUser("am_unconfirmed", "secret-pass");
    await setAccountEmail(
      newcomer,
      { email: "unconfirmed@example.mn" },
      getRequest("/profile?lng=en"),
    );
    const story = await createStory(newcomer, storyInput("Unconfirmed story"));
    await verifyStoryPayment(story.id, admin);
    await approveStory(story.id, admin);
    await sendDue();
    // The inbox has the news; the mail has only the confirmation.
    expect((await listInbox(newcomer)).items.map((i) => i.kind)).toEqual([
      "story.approved",
      "story.paymentVerified",
      "story.received",
    ]);
    const rows = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, "unconfirmed@example.mn"));
    expect(rows.map((r) => r.kind)).toEqual(["account.confirm"]);
  });

  it("the featured period's end is mailed once, however often the scan runs", async () => {
    const featured = await mailedUser("am_featured", "featured@example.mn", "en");
    const story = await createStory(featured, storyInput("Ending story"));
    await verifyStoryPayment(story.id, admin);
    await approveStory(story.id, admin);
    // Its period ends in two hours: every scan from now until then sees it.
    const now = Date.now();
    await db
      .update(stories)
      .set({ expires_at: new Date(now + 2 * HOUR).toISOString() })
      .where(eq(stories.id, story.id));
    await noteFeaturedEnding(now);
    await noteFeaturedEnding(now + 60_000);
    await sendDue();
    await noteFeaturedEnding(now + 30 * 60_000);
    await sendDue();
    const entries = (await listInbox(featured)).items.filter(
      (i) => i.kind === "story.featuredEnding",
    );
    expect(entries).toHaveLength(1);
    const mails = (await mailsTo("featured@example.mn", "inbox")).filter((m) =>
      m.subject?.startsWith("The featured period of your story «Ending story» ends soon"),
    );
    expect(mails).toHaveLength(1);
  });
});
