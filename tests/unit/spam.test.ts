import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, comments, reports, stories, users } from "#db/schema";
import { botTrapRefusal, botTrapToken } from "~/http/bot-trap.server";
import { findWatchedWord, foldForWatch, parseWatchedWords } from "~/lib/watched-words";
import { adminQueueCounts } from "~/models/admin-dashboard.server";
import { listHeldComments, publishComment } from "~/models/comment-review.server";
import { addComment, editComment, listComments } from "~/models/comments.server";
import { getSpamSettings } from "~/models/settings.server";
import { updateModerationSettings, updateSpamSettings } from "~/models/settings-admin.server";
import { editOwnStory, getStoryEdit } from "~/models/story-edit.server";
import { createStory } from "~/models/story-submission.server";
import { createUser, type User } from "~/models/users.server";
import { formRequest, routeArgs, signInAs } from "./helpers";

/** Issue 18, item 8: watched words, new accounts' first comments, and the public forms' bot check. */

describe("watched words", () => {
  const words = ["казино", "зээл олгоно", "casino"];

  it("are found in any case, with their Mongolian endings, and as phrases", () => {
    expect(findWatchedWord(["Шинэ КАЗИНО нээгдлээ"], words)).toBe("казино");
    expect(findWatchedWord(["казиногийн урамшуулал"], words)).toBe("казино");
    expect(findWatchedWord(["Бид түргэн зээл олгоно!"], words)).toBe("зээл олгоно");
    expect(findWatchedWord(["Play CASINO online"], words)).toBe("casino");
  });

  it("catch look-alike spellings: Latin for Cyrillic, digits, dots and hidden characters", () => {
    // «кaзинo» with a Latin a and o; «кa3ино» with a digit three.
    expect(findWatchedWord(["кaзинo"], words)).toBe("казино");
    expect(findWatchedWord(["ка3ино"], words)).toBe("казино");
    expect(findWatchedWord(["к.а.з.и.н.о"], words)).toBe("казино");
    expect(findWatchedWord(["каз\u200Bино"], words)).toBe("казино");
    expect(findWatchedWord(["cаsinо"], words)).toBe("casino"); // Cyrillic а and о
    // Mongolian letters typed without their marks match the marked word, and back.
    expect(findWatchedWord(["өр шир"], ["ор"])).toBe("ор");
    expect(foldForWatch("Үнэ Өндөр")).toBe(foldForWatch("унэ ондор"));
  });

  it("do not match inside another word, or when absent", () => {
    expect(findWatchedWord(["Миний дуртай кино"], words)).toBeNull();
    expect(findWatchedWord(["Сайхан түүх"], words)).toBeNull();
    expect(findWatchedWord(["anything"], [])).toBeNull();
  });

  it("are read from the admin's text: one per line or comma, without blanks or repeats", () => {
    expect(parseWatchedWords(" казино\n\nKazino, кaзино\n зээл   олгоно ")).toEqual([
      "казино",
      "Kazino",
      "зээл олгоно",
    ]);
  });
});

let admin: User;
let author: User;
let storyId: number;

beforeAll(async () => {
  admin = await createUser("spam_admin", "secret-pass", "admin");
  author = await createUser("spam_author", "secret-pass");
  await updateModerationSettings(admin, false);
  storyId = (
    await createStory(author, {
      title: "Сайхан түүх",
      story: "Энэ бол хангалттай урт, жирийн нэгэн түүх. Энд спам огт байхгүй.",
      bank_name: "TDB",
      bank_account: "4001002003",
      pricing_tier: "free",
    })
  ).id;
});

describe("the spam settings", () => {
  it("are saved by an administrator, audited, and refuse a word too long", async () => {
    await updateSpamSettings(admin, { watchedWords: "казино\nбооцоо", holdFirstComments: false });
    expect((await getSpamSettings()).watchedWords).toEqual(["казино", "бооцоо"]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "settings.spam"));
    expect(JSON.parse(audit.at(-1)!.details!)).toMatchObject({
      added: ["бооцоо"],
      removed: expect.arrayContaining(["casino"]),
    });
    await expect(
      updateSpamSettings(admin, { watchedWords: "я".repeat(61), holdFirstComments: false }),
    ).rejects.toMatchObject({
      status: 400,
      fieldErrors: { watchedWords: ["admin:spam.errors.tooLong"] },
    });
    expect((await getSpamSettings()).watchedWords).toEqual(["казино", "бооцоо"]);
  });
});

describe("holding for review", () => {
  it("a comment with a watched word waits: only its author sees it, until published", async () => {
    await updateSpamSettings(admin, { watchedWords: "казино", holdFirstComments: false });
    const reader = await createUser("spam_reader", "secret-pass");
    const held = await addComment(storyId, reader, { content: "Манай кaзинод ирээрэй" });
    expect(held.held).toBe(true);
    expect((await listComments(storyId)).map((c) => c.id)).not.toContain(held.id);
    expect((await listComments(storyId, reader)).map((c) => c.id)).toContain(held.id);
    const [waiting] = (await listHeldComments()).filter((c) => c.id === held.id);
    expect(waiting?.held_word).toBe("казино");
    const before = (await db.select().from(stories).where(eq(stories.id, storyId)))[0]!;
    expect((await adminQueueCounts()).stories).toBeGreaterThan(0);

    await publishComment(held.id, admin);
    expect((await listComments(storyId)).map((c) => c.id)).toContain(held.id);
    const after = (await db.select().from(stories).where(eq(stories.id, storyId)))[0]!;
    expect(after.comments_count).toBe(before.comments_count + 1);
    await expect(publishComment(held.id, admin)).rejects.toMatchObject({ status: 409 });
  });

  it("a watched word written into a comment afterwards holds it too", async () => {
    const reader = await createUser("spam_editor", "secret-pass");
    const comment = await addComment(storyId, reader, { content: "Сайхан байна" });
    expect(comment.held).toBe(false);
    const changed = await editComment(comment.id, reader, { content: "Сайхан казино байна" });
    expect(changed.held).toBe(true);
    expect((await listComments(storyId)).map((c) => c.id)).not.toContain(comment.id);
  });

  it("with the switch on, an account's first three comments wait; administrators never do", async () => {
    await updateSpamSettings(admin, { watchedWords: "", holdFirstComments: true });
    const newcomer = await createUser("spam_newcomer", "secret-pass");
    const first = await addComment(storyId, newcomer, { content: "Анхны сэтгэгдэл" });
    expect(first.held).toBe(true);
    const [row] = (await listHeldComments()).filter((c) => c.id === first.id);
    expect(row?.held_word).toBeNull();
    // Three published: the account is trusted from then on.
    await publishComment(first.id, admin);
    for (const n of [2, 3]) {
      const next = await addComment(storyId, newcomer, { content: `Сэтгэгдэл ${n}` });
      expect(next.held).toBe(true);
      await publishComment(next.id, admin);
    }
    expect((await addComment(storyId, newcomer, { content: "Дөрөв дэх" })).held).toBe(false);
    expect((await addComment(storyId, admin, { content: "Админы үг" })).held).toBe(false);
    await updateSpamSettings(admin, { watchedWords: "", holdFirstComments: false });
  });

  it("a free story with a watched word waits for review, with the word shown", async () => {
    await updateSpamSettings(admin, { watchedWords: "зээл олгоно", holdFirstComments: false });
    const story = await createStory(author, {
      title: "Түргэн ЗЭЭЛ ОЛГОНО",
      story: "Энэ бол хангалттай урт бичвэр, гэхдээ зар сурталчилгаа юм шүү.",
      bank_name: "TDB",
      bank_account: "4001002003",
      pricing_tier: "free",
    });
    expect(story).toMatchObject({ status: "pending", held_word: "зээл олгоно" });
  });

  it("an edit that would be published at once waits when it brings a watched word", async () => {
    await updateSpamSettings(admin, { watchedWords: "казино", holdFirstComments: false });
    const result = await editOwnStory(
      author,
      storyId,
      {
        title: "Сайхан түүх",
        story: "Энэ бол хангалттай урт, жирийн нэгэн түүх. Одоо казино зар нэмэгдэв.",
        bank_name: "TDB",
        bank_account: "4001002003",
      },
      null,
    );
    expect(result.outcome).toBe("awaiting_review");
    expect((await getStoryEdit(storyId))?.held_word).toBe("казино");
  });
});

type CommentReply = {
  data: { result: { error: Record<string, string[]>; initialValue: { content: string } } };
  init: { status: number };
};

describe("the public forms' bot check", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    return data;
  };

  it("refuses a filled hidden field, a missing or forged time, and a form sent too soon", () => {
    const now = Date.now();
    const aged = botTrapToken(now - 10_000);
    expect(botTrapRefusal(form({ form_started: aged }), now)).toBeNull();
    expect(botTrapRefusal(form({ form_started: aged, hp_note: "http://spam" }), now)).toBe(
      "errors.formRefused",
    );
    expect(botTrapRefusal(form({}), now)).toBe("errors.formRefused");
    const forged = `${now - 10_000}.${aged.split(".")[1]}x`;
    expect(botTrapRefusal(form({ form_started: forged }), now)).toBe("errors.formRefused");
    // Backdating the time breaks the signature.
    const backdated = `${now - 60_000}.${botTrapToken(now).split(".")[1]}`;
    expect(botTrapRefusal(form({ form_started: backdated }), now)).toBe("errors.formRefused");
    expect(botTrapRefusal(form({ form_started: botTrapToken(now - 1000) }), now)).toBe(
      "errors.formTooFast",
    );
  });

  it("a comment posted at once after the page was served is refused, its text kept", async () => {
    const cookie = await signInAs(author.username);
    const { action } = await import("~/routes/stories.$id");
    const res = (await action(
      routeArgs(
        formRequest(
          `/stories/${storyId}`,
          { intent: "comment", content: "Хурдан бичлээ", form_started: botTrapToken() },
          cookie,
        ),
        { id: String(storyId) },
      ),
    )) as unknown as CommentReply;
    expect(res.init.status).toBe(400);
    expect(res.data.result.error[""]).toEqual(["errors.formTooFast"]);
    expect(res.data.result.initialValue.content).toBe("Хурдан бичлээ");
  });
});

describe("the bot check on the register and report forms", () => {
  type Reply = { data: { result: { error: Record<string, string[]> } }; init: { status: number } };
  /** The aged token formRequest adds, replaced by one made now (a program posts at once). */
  const tooFast = () => ({ form_started: botTrapToken() });
  const honeypot = { hp_note: "http://spam.example" };

  it("registration refuses a filled hidden field and a form sent at once; nobody is made", async () => {
    const { action } = await import("~/routes/login");
    const register = (username: string, extra: Record<string, string>) =>
      action(
        routeArgs(
          formRequest("/login", {
            intent: "register",
            username,
            password: "secret-pass",
            confirmPassword: "secret-pass",
            ...extra,
          }),
        ),
      );
    const exists = async (username: string) =>
      (await db.select().from(users).where(eq(users.username, username))).length > 0;

    const trapped = (await register("spam_bot_one", honeypot)) as unknown as Reply;
    expect(trapped.init.status).toBe(400);
    expect(trapped.data.result.error[""]).toEqual(["errors.formRefused"]);
    expect(await exists("spam_bot_one")).toBe(false);
    const hasty = (await register("spam_bot_two", tooFast())) as unknown as Reply;
    expect(hasty.init.status).toBe(400);
    expect(hasty.data.result.error[""]).toEqual(["errors.formTooFast"]);
    expect(await exists("spam_bot_two")).toBe(false);
    // A person's form, the same otherwise, registers.
    const person = (await register("spam_person", {})) as Response;
    expect(person.status).toBe(302);
    expect(await exists("spam_person")).toBe(true);
  });

  it("a report refuses a filled hidden field and a form sent at once; nothing is recorded", async () => {
    const { action } = await import("~/routes/report");
    const [comment] = await db
      .insert(comments)
      .values({ story_id: storyId, user_id: author.id, author: author.username, content: "Муу үг" })
      .returning();
    const reader = await createUser("spam_reporter", "secret-pass");
    const cookie = await signInAs(reader.username);
    const report = (extra: Record<string, string>) =>
      action(
        routeArgs(
          formRequest(
            `/report?comment=${comment!.id}`,
            {
              target_type: "comment",
              target_id: String(comment!.id),
              reason: "spam",
              note: "",
              ...extra,
            },
            cookie,
          ),
        ),
      );
    const recorded = async () =>
      (await db.select().from(reports).where(eq(reports.target_id, comment!.id))).filter(
        (r) => r.target_type === "comment",
      ).length;

    const trapped = (await report(honeypot)) as unknown as Reply;
    expect(trapped.init.status).toBe(400);
    expect(trapped.data.result.error[""]).toEqual(["errors.formRefused"]);
    const hasty = (await report(tooFast())) as unknown as Reply;
    expect(hasty.init.status).toBe(400);
    expect(hasty.data.result.error[""]).toEqual(["errors.formTooFast"]);
    expect(await recorded()).toBe(0);
    const person = (await report({})) as Response;
    expect(person.status).toBe(302);
    expect(await recorded()).toBe(1);
  });
});
