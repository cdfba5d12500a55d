import { desc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog } from "#db/schema";
import { seed } from "#db/seed";
import { listFaq } from "~/models/faq.server";
import { createUser } from "~/models/users.server";
import { action as faqAction, loader as faqLoader } from "~/routes/admin.faq";
import { action as faqApi, loader as faqApiGet } from "~/routes/api.translations.faq";
import { loader as publicFaq } from "~/routes/faq";
import {
  expectSentAway,
  formRequest,
  getRequest,
  jsonRequest,
  routeArgs,
  signInAs,
} from "./helpers";

let adminCookie: string;
let userCookie: string;

const lastAudit = async () =>
  (await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

const post = (
  fields: Record<string, string>,
  path = "/admin/faq?language=en",
  cookie = adminCookie,
) => faqAction(routeArgs(formRequest(path, fields, cookie))) as Promise<Response>;

const postApi = (body: unknown, cookie?: string, path = "/api/translations/faq") =>
  faqApi(routeArgs(jsonRequest(path, body, { cookie })));

beforeAll(async () => {
  await seed();
  await createUser("boss", "secret-pass", "admin");
  await createUser("reader_x", "secret-pass");
  adminCookie = await signInAs("boss");
  userCookie = await signInAs("reader_x");
});

describe("/admin/faq screen", () => {
  it("sends users to / and visitors to sign in, for the page and its action", async () => {
    for (const cookie of [undefined, userCookie]) {
      const thrown = await faqLoader(routeArgs(getRequest("/admin/faq", cookie))).catch(
        (e: unknown) => e,
      );
      expectSentAway(thrown as Response, cookie);
      const before = await listFaq("en");
      const posted = await post(
        { intent: "add", language: "en", question: "Q?", answer: "A." },
        "/admin/faq?language=en",
        cookie ?? "",
      ).catch((e: unknown) => e);
      expectSentAway(posted as Response, cookie);
      expect(await listFaq("en")).toEqual(before);
    }
  });

  it("shows the language asked for (not the interface's), with only existing items in edit mode", async () => {
    const data = await faqLoader(
      routeArgs(getRequest("/admin/faq?language=en&edit=q2&edit=q99&lng=mn", adminCookie)),
    );
    expect(data.language).toBe("en");
    expect(data.items.length).toBeGreaterThanOrEqual(6);
    expect(data.items[0]!.key).toBe("q1");
    expect(data.editing).toEqual(["q2"]);
    const mn = await faqLoader(routeArgs(getRequest("/admin/faq?language=xx", adminCookie)));
    expect(mn.language).toBe("mn");
  });

  it("adds an item at once (next number), audited; the public FAQ shows it", async () => {
    const before = await listFaq("en");
    const res = await post({
      intent: "add",
      language: "en",
      question: "  Can I edit my story later?  ",
      answer: "No: once submitted, a story cannot be changed.",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/faq?language=en");
    const after = await listFaq("en");
    expect(after).toHaveLength(before.length + 1);
    const added = after.at(-1)!;
    expect(added).toEqual({
      key: `q${before.length + 1}`,
      question: "Can I edit my story later?",
      answer: "No: once submitted, a story cannot be changed.",
    });
    expect(await listFaq("mn")).toHaveLength(before.length);
    expect(await lastAudit()).toMatchObject({ action: "faq.add", entity_id: `en:${added.key}` });
    const page = await publicFaq(routeArgs(getRequest("/faq?lng=en")));
    expect(page.faq.map((i) => i.question)).toContain("Can I edit my story later?");
  });

  it("refuses an item whose question or answer is blank after trimming, keeping what was typed", async () => {
    const before = await listFaq("en");
    const res = await post({ intent: "add", language: "en", question: "Why?", answer: "   " });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({
      intent: "add",
      result: {
        error: { answer: ["admin:faq.errors.required"] },
        initialValue: { question: "Why?", answer: "   " },
      },
      toast: {
        type: "error",
        title: "admin:faq.toast.validation",
        description: "admin:faq.errors.requiredFields",
      },
    });
    expect(await listFaq("en")).toEqual(before);
  });

  it("saves edits only with save-all; blank fields refused and nothing saved", async () => {
    const before = await listFaq("en");
    const [first, second] = before;
    const refused = await post(
      {
        intent: "save",
        language: "en",
        "questions.q1": "Edited question",
        "answers.a1": "Edited answer",
        "questions.q2": second!.question,
        "answers.a2": " ",
      },
      "/admin/faq?language=en&edit=q1&edit=q2",
    );
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.result.error).toEqual({ "answers.a2": ["admin:faq.errors.required"] });
    expect(body.result.initialValue["questions.q1"]).toBe("Edited question");
    expect(await listFaq("en")).toEqual(before);

    const saved = await post(
      {
        intent: "save",
        language: "en",
        "questions.q1": "Edited question",
        "answers.a1": "Edited answer\n\nSecond paragraph.",
      },
      "/admin/faq?language=en&edit=q1",
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/faq?language=en");
    const after = await listFaq("en");
    expect(after[0]).toEqual({
      key: "q1",
      question: "Edited question",
      answer: "Edited answer\n\nSecond paragraph.",
    });
    expect(after.slice(1)).toEqual(before.slice(1));
    const audit = await lastAudit();
    expect(audit.action).toBe("faq.update");
    expect(JSON.parse(audit.details!).before[0]).toMatchObject({
      key: "q1",
      question: first!.question,
    });
  });

  it("deletes an item (after the confirmation step), audited", async () => {
    const before = await listFaq("en");
    const victim = before.at(-1)!;
    const res = await post({ intent: "delete", language: "en", id: victim.key });
    expect(res.status).toBe(302);
    expect((await listFaq("en")).map((i) => i.key)).not.toContain(victim.key);
    expect(await lastAudit()).toMatchObject({
      action: "faq.delete",
      entity_id: `en:${victim.key}`,
    });
    const again = await post({ intent: "delete", language: "en", id: victim.key });
    expect(again.status).toBe(302);
    expect(again.headers.get("Set-Cookie")).toMatch(/storyshare_toast/);
  });
});

describe("POST /api/translations/faq (admin)", () => {
  const set = {
    language: "en",
    translations: {
      questions: { q1: "First?", q2: "Second?", q10: "Tenth?" },
      answers: { a1: "One.", a2: "Two.", a10: "Ten." },
    },
  };

  it("401 anonymous, 403 for a user", async () => {
    expect((await postApi(set)).status).toBe(401);
    expect((await postApi(set, userCookie)).status).toBe(403);
  });

  it("replaces that language's set, in number order, audited; /faq and GET show it", async () => {
    const mnBefore = await listFaq("mn");
    const res = await postApi(set, adminCookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ language: "en", translations: set.translations });
    expect((await listFaq("en")).map((i) => i.key)).toEqual(["q1", "q2", "q10"]);
    expect(await listFaq("mn")).toEqual(mnBefore);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "faq.replace", entity_id: "en", actor_username: "boss" });
    const page = await publicFaq(routeArgs(getRequest("/faq?lng=en")));
    expect(page.faq.map((i) => i.answer)).toEqual(["One.", "Two.", "Ten."]);
    const get = await faqApiGet(routeArgs(getRequest("/api/translations/faq?language=en")));
    expect((await get.json()).translations).toEqual(set.translations);
  });

  it("refuses blanks, unpaired keys, bad keys and languages; nothing changes", async () => {
    const before = await listFaq("en");
    const cases: [unknown, string][] = [
      [
        { ...set, translations: { ...set.translations, answers: { a1: "  ", a2: "x", a10: "y" } } },
        "answers.a1",
      ],
      [
        { ...set, translations: { questions: { q1: "Q?" }, answers: { a1: "A.", a2: "B." } } },
        "questions.q2",
      ],
      [
        { ...set, translations: { questions: { q1: "Q?", q2: "R?" }, answers: { a1: "A." } } },
        "answers.a2",
      ],
      [{ ...set, translations: { questions: { x1: "Q?" }, answers: {} } }, "questions.x1"],
      [{ ...set, language: "fr" }, "language"],
      [{ language: "en" }, "translations"],
    ];
    for (const [body, field] of cases) {
      const res = await postApi(body, adminCookie, "/api/translations/faq?lng=en");
      expect(res.status, field).toBe(400);
      const json = await res.json();
      expect(Object.keys(json.fieldErrors), field).toContain(field);
    }
    const blank = await postApi(cases[0]![0], adminCookie, "/api/translations/faq?lng=en");
    expect((await blank.json()).error).toBe("Both the question and the answer are required.");
    expect(await listFaq("en")).toEqual(before);
  });
});
