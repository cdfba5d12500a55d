import { desc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog } from "#db/schema";
import { seed } from "#db/seed";
import { parseLegalText } from "~/components/legal-text";
import { social } from "~/config.server";
import { getLegalPage } from "~/models/legal-pages.server";
import { createUser } from "~/models/users.server";
import { action as pagesAction, loader as pagesLoader } from "~/routes/admin.pages";
import { loader as cookiesPage } from "~/routes/cookies";
import { loader as privacyPage } from "~/routes/privacy";
import { loader as sitemap } from "~/routes/sitemap[.]xml";
import { loader as termsPage } from "~/routes/terms";
import { expectSentAway, formRequest, getRequest, routeArgs, signInAs } from "./helpers";

/**
 * Issue 16, item 6: the footer's privacy, terms and cookie links lead to real pages in both
 * languages, stored in the database and edited by administrators like the FAQ.
 */

let adminCookie: string;
let userCookie: string;

const post = (fields: Record<string, string>, cookie = adminCookie) =>
  pagesAction(
    routeArgs(formRequest("/admin/pages?page=terms&language=en", fields, cookie)),
  ) as Promise<Response>;

const BODY =
  "New terms for testing.\n\n## Posting\n- Be kind.\n- Post your own work.\n\nThat is all for now.";

beforeAll(async () => {
  await seed();
  await createUser("pages_boss", "secret-pass", "admin");
  await createUser("pages_reader", "secret-pass");
  adminCookie = await signInAs("pages_boss");
  userCookie = await signInAs("pages_reader");
});

describe("the public pages", () => {
  it("are in the reader's language, with what the site collects, keeps and uses", async () => {
    const mn = (await privacyPage(routeArgs(getRequest("/privacy")))) as {
      page: { title: string; body: string };
      meta: { title: string };
    };
    expect(mn.page.title).toBe("Нууцлалын бодлого");
    expect(mn.meta.title).toBe("Нууцлалын бодлого — StoryShare");
    expect(mn.page.body).toContain("утасны дугаар");
    const en = (await privacyPage(routeArgs(getRequest("/privacy?lng=en")))) as {
      page: { title: string; body: string };
    };
    expect(en.page.title).toBe("Privacy policy");
    for (const words of ["What we collect", "How long we keep it", "How to have it removed"]) {
      expect(en.page.body).toContain(words);
    }
    const terms = (await termsPage(routeArgs(getRequest("/terms?lng=en")))) as {
      page: { body: string };
    };
    expect(terms.page.body).toContain("3 working days");
    const cookies = (await cookiesPage(routeArgs(getRequest("/cookies?lng=en")))) as {
      page: { body: string };
    };
    // Every cookie the site sets is named on the page.
    for (const name of [
      "storyshare_session",
      "storyshare_device",
      "lng",
      "storyshare-theme",
      "storyshare_toast",
      "storyshare_fresh",
      "storyshare_donor",
    ]) {
      expect(cookies.page.body).toContain(name);
    }
  });

  it("are in the sitemap", async () => {
    const xml = await (await sitemap(routeArgs(getRequest("/sitemap.xml")))).text();
    for (const path of ["/privacy", "/terms", "/cookies"]) expect(xml).toContain(path);
  });

  it("a text becomes paragraphs, headings and lists, never markup", () => {
    expect(parseLegalText("One\ntwo.\n\n## Head\n- a\n- b\n\n<b>x</b>")).toEqual([
      { kind: "paragraph", text: "One two." },
      { kind: "heading", text: "Head" },
      { kind: "list", items: ["a", "b"] },
      { kind: "paragraph", text: "<b>x</b>" },
    ]);
  });
});

describe("/admin/pages", () => {
  it("is for administrators only, the page and its action", async () => {
    for (const cookie of [undefined, userCookie]) {
      const thrown = await pagesLoader(routeArgs(getRequest("/admin/pages", cookie))).catch(
        (e: unknown) => e,
      );
      expectSentAway(thrown as Response, cookie);
      const before = await getLegalPage("terms", "en");
      const posted = await post(
        { page: "terms", language: "en", title: "Hijacked", body: BODY },
        cookie ?? "",
      ).catch((e: unknown) => e);
      expectSentAway(posted as Response, cookie);
      expect(await getLegalPage("terms", "en")).toEqual(before);
    }
  });

  it("saves a page in one language, and the activity log keeps the old and new text", async () => {
    const before = await getLegalPage("terms", "en");
    const mnBefore = await getLegalPage("terms", "mn");
    const res = await post({ page: "terms", language: "en", title: "Terms, revised", body: BODY });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/pages?page=terms&language=en");
    const after = await getLegalPage("terms", "en");
    expect(after).toMatchObject({ title: "Terms, revised", body: BODY });
    expect(await getLegalPage("terms", "mn")).toEqual(mnBefore);
    const [entry] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: "legal.update", entity_id: "terms:en" });
    expect(JSON.parse(entry!.details!)).toMatchObject({
      before: { title: before.title, body: before.body },
      after: { title: "Terms, revised", body: BODY },
    });
    const shown = (await termsPage(routeArgs(getRequest("/terms?lng=en")))) as {
      page: { title: string };
    };
    expect(shown.page.title).toBe("Terms, revised");
  });

  it("refuses a short title or text with field messages, keeps what was typed, changes nothing", async () => {
    const before = await getLegalPage("terms", "en");
    const res = await post({ page: "terms", language: "en", title: "T", body: "short" });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as {
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(answer.result.error.title).toEqual(["admin:pages.errors.titleMin"]);
    expect(answer.result.error.body).toEqual(["admin:pages.errors.bodyMin"]);
    expect(answer.result.initialValue).toMatchObject({ title: "T", body: "short" });
    expect(await getLegalPage("terms", "en")).toEqual(before);
  });
});

describe("the footer's social links", () => {
  it("are none when no SOCIAL_*_URL is set (no icon leads nowhere)", () => {
    expect(social).toEqual([]);
  });
});
