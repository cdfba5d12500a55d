import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { outbox, users } from "#db/schema";
import { config } from "~/config.server";
import { sendDue } from "~/messages/sender.server";
import { addComment } from "~/models/comments.server";
import { listInbox } from "~/models/inbox.server";
import { mailPreferences } from "~/models/mail-preferences.server";
import { approveStory, verifyStoryPayment } from "~/models/moderation.server";
import { createStory } from "~/models/story-submission.server";
import { createUser, type User } from "~/models/users.server";
import { action as unsubscribe, loader as unsubscribePage } from "~/routes/unsubscribe";
import { getRequest, ORIGIN, routeArgs } from "./helpers";

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
