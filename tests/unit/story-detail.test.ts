import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, comments, stories, users } from "#db/schema";
import { seed } from "#db/seed";
import { addComment, canDeleteComment, deleteComment } from "~/models/comments.server";
import { getStoryForReader, setHeart } from "~/models/stories.server";
import { action as deleteCommentApi } from "~/routes/api.comments.$id";
import { action as register } from "~/routes/api.register";
import { loader as storyApi } from "~/routes/api.stories.$id";
import { loader as commentsApi, action as postCommentApi } from "~/routes/api.stories.$id.comments";
import { action as heartApi } from "~/routes/api.stories.$id.heart";
import { meta, action as pageAction, loader as pageLoader } from "~/routes/stories.$id";
import { loader as altLoader } from "~/routes/story.$id";
import {
  cookiesFrom,
  formRequest,
  getRequest,
  jsonRequest,
  metaArgs,
  ORIGIN,
  type RouteArgs,
  routeArgs,
  signInAs,
} from "./helpers";

type Fn = (args: RouteArgs) => Promise<unknown>;
const call = <T = Response>(fn: Fn, request: Request, params: Record<string, string> = {}) =>
  fn(routeArgs(request, params)) as Promise<T>;

/** What `data(body, init)` hands back from an action that answers on the page. */
interface DataResult<T = Record<string, unknown>> {
  data: T;
  init: ResponseInit | null;
}

interface Session {
  id: string;
  username: string;
  cookie: string;
}

let counter = 0;
async function signUp(prefix: string): Promise<Session> {
  counter += 1;
  const username = `${prefix}_${counter}`;
  const res = await call(
    register,
    jsonRequest("/api/register", { username, password: "secret-pass" }),
  );
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { id, username, cookie: cookiesFrom(res) };
}

/** The seeded administrator, signed in. */
async function adminSession(): Promise<Session> {
  const cookie = await signInAs("admin", "test-admin-password");
  const row = await db.query.users.findFirst({ where: eq(users.username, "admin") });
  if (!row) throw new Error("no seeded admin");
  return { id: row.id, username: row.username, cookie };
}

async function storyWhere(tier: "free" | "paid", withImage: boolean) {
  const rows = await db.query.stories.findMany({ where: eq(stories.status, "approved") });
  const row = rows.find(
    (s) =>
      (tier === "free") === (s.pricing_tier === "free") && Boolean(s.story_image) === withImage,
  );
  if (!row) throw new Error(`no approved ${tier} story (image: ${withImage}) in the demo content`);
  return row;
}

async function insertStory(owner: Session, status: "pending" | "rejected") {
  const [row] = await db
    .insert(stories)
    .values({
      user_id: owner.id,
      author: owner.username,
      title: `A ${status} story`,
      story: "Line one of a story that is not public yet.\nLine two.",
      pricing_tier: "daily",
      status,
      bank_name: "Khan Bank",
      bank_account: "5000111222",
    })
    .returning({ id: stories.id });
  return row!.id;
}

const page = (id: number | string, cookie?: string, path = "stories") =>
  call<Awaited<ReturnType<typeof pageLoader>>>(
    path === "stories" ? pageLoader : altLoader,
    getRequest(`/${path}/${id}`, cookie),
    { id: String(id) },
  );

async function expect404(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(404);
}

let reader: Session;
let other: Session;
let admin: Session;
let freeStory: Awaited<ReturnType<typeof storyWhere>>;
let paidStory: Awaited<ReturnType<typeof storyWhere>>;

beforeAll(async () => {
  await seed();
  [reader, other, admin] = await Promise.all([signUp("reader"), signUp("other"), adminSession()]);
  freeStory = await storyWhere("free", true);
  paidStory = await storyWhere("paid", true);
}, 120_000);

describe("who can read a story (DESIGN §4)", () => {
  it("an approved story is public, on both spellings, with its comments and the canonical URL", async () => {
    const data = await page(freeStory.id);
    expect(data.story).toMatchObject({ id: freeStory.id, title: freeStory.title });
    expect(data.comments.length).toBe(freeStory.comments_count);
    expect(data.canonical).toBe(`${ORIGIN}/stories/${freeStory.id}`);
    const alt = await page(freeStory.id, undefined, "story");
    expect(alt.canonical).toBe(`${ORIGIN}/stories/${freeStory.id}`);
    expect(alt.story.title).toBe(freeStory.title);
  });

  it("pending and rejected stories: 404 for anonymous and other users, shown to the author and admins", async () => {
    for (const status of ["pending", "rejected"] as const) {
      const id = await insertStory(reader, status);
      await expect404(page(id));
      await expect404(page(id, other.cookie));
      expect(
        (await call(storyApi, getRequest(`/api/stories/${id}`), { id: String(id) })).status,
      ).toBe(404);
      expect(
        (await call(commentsApi, getRequest(`/api/stories/${id}/comments`), { id: String(id) }))
          .status,
      ).toBe(404);

      expect((await page(id, reader.cookie)).story.status).toBe(status);
      expect((await page(id, admin.cookie)).story.status).toBe(status);
      const api = await call(storyApi, getRequest(`/api/stories/${id}`, reader.cookie), {
        id: String(id),
      });
      expect(api.status).toBe(200);
      expect(await api.json()).toMatchObject({ id, status, is_approved: false });
      expect(await getStoryForReader(id, { id: other.id, role: "user" })).toBeNull();
    }
  });

  it("a pending story takes no comments or hearts, even from its author", async () => {
    const id = await insertStory(reader, "pending");
    const res = await call(
      postCommentApi,
      jsonRequest(
        `/api/stories/${id}/comments`,
        { content: "Too early" },
        { cookie: reader.cookie },
      ),
      { id: String(id) },
    );
    expect(res.status).toBe(404);
    const heart = await call(
      heartApi,
      jsonRequest(`/api/stories/${id}/heart`, {}, { method: "PUT", cookie: reader.cookie }),
      { id: String(id) },
    );
    expect(heart.status).toBe(404);
  });

  it("unknown and malformed ids are 404 on the page and in the API", async () => {
    for (const id of ["999999", "abc", "0", "1.5", "-1"]) {
      await expect404(page(id));
      const res = await call(storyApi, getRequest(`/api/stories/${id}?lng=en`), { id });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Story not found." });
    }
  });
});

describe("what the page shows", () => {
  it("meta: title with the site suffix, the first 150 characters, Open Graph and canonical", async () => {
    const data = await page(paidStory.id);
    expect(data.meta.title).toBe(`${paidStory.title} — StoryShare`);
    const flat = paidStory.story.replace(/\s+/g, " ").trim();
    expect(data.meta.description).toBe(flat.slice(0, 150));
    const tags = meta(metaArgs(data));
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
    expect(tags).toContainEqual({ property: "og:url", content: data.canonical });
    // The link preview is the story's own card (issue 19), 1200×630.
    expect(tags).toContainEqual({
      property: "og:image",
      content: expect.stringMatching(
        new RegExp(`^${ORIGIN}/og/story/${paidStory.id}\\?v=[a-f0-9]{32}$`),
      ),
    });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: data.canonical });
    expect(tags).not.toContainEqual(expect.objectContaining({ name: "robots" }));

    // A story without a picture has a card too (the site's colours behind its title).
    const plain = await storyWhere("free", false);
    const noImage = meta(metaArgs(await page(plain.id)));
    expect(noImage).toContainEqual({
      property: "og:image",
      content: expect.stringContaining(`/og/story/${plain.id}?v=`),
    });
  });

  it("the author's bank details only for donation-eligible (paid) tiers", async () => {
    const paid = await page(paidStory.id);
    expect(paid.story.bank).toEqual({
      bank_name: paidStory.bank_name,
      bank_account: paidStory.bank_account,
      account_name: paidStory.account_name,
    });
    expect((await page(freeStory.id)).story.bank).toBeNull();

    const free = await call(storyApi, getRequest(`/api/stories/${freeStory.id}`), {
      id: String(freeStory.id),
    });
    expect(await free.json()).toMatchObject({ bank_account: null, is_premium: false });
    const api = await call(storyApi, getRequest(`/api/stories/${paidStory.id}`), {
      id: String(paidStory.id),
    });
    const body = await api.json();
    expect(body).toMatchObject({
      id: paidStory.id,
      title: paidStory.title,
      story: paidStory.story,
      pricing_tier: paidStory.pricing_tier,
      is_premium: true,
      is_approved: true,
      bank_account: paidStory.bank_account,
    });
    expect(body).not.toHaveProperty("payment_reference");
  });

  it("dates are written in the page's language, and N/A would stand for none", async () => {
    const en = await call<Awaited<ReturnType<typeof pageLoader>>>(
      pageLoader,
      getRequest(`/stories/${freeStory.id}?lng=en`),
      { id: String(freeStory.id) },
    );
    expect(en.story.posted_on).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const mn = await page(freeStory.id);
    expect(mn.story.posted_on).toMatch(/оны/);
  });
});

describe("comments", () => {
  it("a signed-in reader comments from the page; it is listed; the count follows", async () => {
    const res = await call(
      pageAction,
      formRequest(
        `/stories/${freeStory.id}`,
        { intent: "comment", content: "  Beautiful.\nSecond line  " },
        reader.cookie,
      ),
      { id: String(freeStory.id) },
    );
    expect(res).toBeInstanceOf(Response);
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/stories/${freeStory.id}#comment-\\d+$`));
    expect(res.headers.get("Set-Cookie")).toMatch(/storyshare_toast=/);

    const data = await page(freeStory.id, reader.cookie);
    const mine = data.comments.at(-1)!;
    expect(mine).toMatchObject({
      author: reader.username,
      content: "Beautiful.\nSecond line",
      canDelete: true,
    });
    expect(location.endsWith(`#comment-${mine.id}`)).toBe(true);
    const row = await db.query.stories.findFirst({ where: eq(stories.id, freeStory.id) });
    expect(row!.comments_count).toBe(data.comments.length);
    // Other readers see it but may not delete it.
    const seen = await page(freeStory.id, other.cookie);
    expect(seen.comments.find((c) => c.id === mine.id)?.canDelete).toBe(false);
  });

  it("refuses a blank comment with the message and keeps what was typed", async () => {
    const result = await call<DataResult<{ result: { initialValue: unknown; error: unknown } }>>(
      pageAction,
      formRequest(`/stories/${freeStory.id}`, { intent: "comment", content: "   " }, reader.cookie),
      { id: String(freeStory.id) },
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.result.error).toEqual({ content: ["validation.commentRequired"] });
    expect(result.data.result.initialValue).toMatchObject({ content: "   " });
  });

  it("an anonymous post gets the login-to-comment message", async () => {
    const result = await call<DataResult<{ toast: { title: string } }>>(
      pageAction,
      formRequest(`/stories/${freeStory.id}`, { intent: "comment", content: "Hello" }),
      { id: String(freeStory.id) },
    );
    expect(result.init?.status).toBe(401);
    expect(result.data.toast.title).toBe("story:toast.loginToComment");
  });

  it("POST /api/stories/{id}/comments: 201, author and ids from the session and URL", async () => {
    const res = await call(
      postCommentApi,
      jsonRequest(
        `/api/stories/${paidStory.id}/comments`,
        {
          content: "From a script",
          author: "admin",
          user_id: admin.id,
          story_id: freeStory.id,
          id: 1,
          created_at: "2000-01-01T00:00:00.000Z",
        },
        { cookie: other.cookie },
      ),
      { id: String(paidStory.id) },
    );
    expect(res.status).toBe(201);
    const comment = await res.json();
    expect(comment).toMatchObject({
      story_id: paidStory.id,
      user_id: other.id,
      author: other.username,
      content: "From a script",
    });
    expect(comment.id).not.toBe(1);
    expect(comment.created_at).not.toMatch(/^2000/);

    const list = await call(commentsApi, getRequest(`/api/stories/${paidStory.id}/comments`), {
      id: String(paidStory.id),
    });
    expect(list.status).toBe(200);
    const all = (await list.json()) as { id: number }[];
    expect(all.at(-1)).toEqual(comment);
  });

  it("POST /api/stories/{id}/comments refuses anonymous (401), blank (400), other sites (403), unknown stories (404)", async () => {
    const url = `/api/stories/${freeStory.id}/comments?lng=en`;
    const params = { id: String(freeStory.id) };
    expect((await call(postCommentApi, jsonRequest(url, { content: "x" }), params)).status).toBe(
      401,
    );
    const blank = await call(
      postCommentApi,
      jsonRequest(url, { content: " \n " }, { cookie: reader.cookie }),
      params,
    );
    expect(blank.status).toBe(400);
    expect((await blank.json()).fieldErrors).toEqual({
      content: ["Please write something before sending."],
    });
    const forged = await call(
      postCommentApi,
      jsonRequest(
        url,
        { content: "csrf" },
        { cookie: reader.cookie, headers: { origin: "https://evil.example" } },
      ),
      params,
    );
    expect(forged.status).toBe(403);
    const unknown = await call(
      postCommentApi,
      jsonRequest("/api/stories/999999/comments", { content: "x" }, { cookie: reader.cookie }),
      { id: "999999" },
    );
    expect(unknown.status).toBe(404);
  });
});

describe("deleting comments (DESIGN §4: its author or any administrator)", () => {
  const commentOf = (user: Session, content: string, storyId = freeStory.id) =>
    addComment(storyId, user, { content });
  const del = (id: number | string, cookie?: string) =>
    call(
      deleteCommentApi,
      jsonRequest(`/api/comments/${id}?lng=en`, undefined, { method: "DELETE", cookie }),
      { id: String(id) },
    );
  const exists = async (id: number) =>
    Boolean(await db.query.comments.findFirst({ where: eq(comments.id, id) }));

  it("the author deletes their own: { success: true }, and no audit row", async () => {
    const c = await commentOf(reader, "Mine to delete");
    expect(await del(c.id)).toHaveProperty("status", 401);
    const res = await del(c.id, reader.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await exists(c.id)).toBe(false);
    const audit = await db.query.auditLog.findFirst({
      where: and(eq(auditLog.action, "comment.delete"), eq(auditLog.entity_id, String(c.id))),
    });
    expect(audit).toBeUndefined();
    expect((await del(c.id, reader.cookie)).status).toBe(404);
  });

  it("someone else's comment: 403 and it stays", async () => {
    const c = await commentOf(reader, "Not yours");
    const res = await del(c.id, other.cookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "You can delete only your own comments." });
    expect(await exists(c.id)).toBe(true);
    expect(canDeleteComment(c, { id: other.id, role: "user" })).toBe(false);
    expect(canDeleteComment(c, null)).toBe(false);
  });

  it("an administrator deletes anyone's comment, and an audit row records it", async () => {
    const c = await commentOf(other, "Moderate me");
    const res = await del(c.id, admin.cookie);
    expect(res.status).toBe(200);
    expect(await exists(c.id)).toBe(false);
    const audit = await db.query.auditLog.findFirst({
      where: and(eq(auditLog.action, "comment.delete"), eq(auditLog.entity_id, String(c.id))),
    });
    expect(audit).toMatchObject({ actor_id: admin.id, actor_username: "admin" });
    expect(JSON.parse(audit!.details!)).toMatchObject({
      story_id: freeStory.id,
      author: other.username,
    });
  });

  it("unknown or malformed ids are 404", async () => {
    expect((await del(987654, admin.cookie)).status).toBe(404);
    expect((await del("abc", admin.cookie)).status).toBe(404);
    await expect(deleteComment(987654, { ...admin, role: "admin" })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("from the page: the author's delete redirects with a toast; another user's gets a 403 message", async () => {
    const c = await commentOf(reader, "Delete me from the page");
    const refused = await call<DataResult<{ toast: { title: string; description: string } }>>(
      pageAction,
      formRequest(
        `/stories/${freeStory.id}`,
        { intent: "delete-comment", commentId: String(c.id) },
        other.cookie,
      ),
      { id: String(freeStory.id) },
    );
    expect(refused.init?.status).toBe(403);
    expect(refused.data.toast).toMatchObject({
      title: "story:toast.deleteFailed",
      description: "errors.notYourComment",
    });
    expect(await exists(c.id)).toBe(true);

    const res = await call(
      pageAction,
      formRequest(
        `/stories/${freeStory.id}`,
        { intent: "delete-comment", commentId: String(c.id) },
        reader.cookie,
      ),
      { id: String(freeStory.id) },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/stories/${freeStory.id}#comments`);
    expect(await exists(c.id)).toBe(false);
  });

  it("a cross-site delete is refused", async () => {
    const c = await commentOf(reader, "Keep me");
    const res = await call(
      deleteCommentApi,
      jsonRequest(`/api/comments/${c.id}`, undefined, {
        method: "DELETE",
        cookie: reader.cookie,
        headers: { origin: "https://evil.example" },
      }),
      { id: String(c.id) },
    );
    expect(res.status).toBe(403);
    expect(await exists(c.id)).toBe(true);
  });
});

describe("hearts", () => {
  const heart = (method: "PUT" | "DELETE", cookie?: string, id = paidStory.id) =>
    call(heartApi, jsonRequest(`/api/stories/${id}/heart`, undefined, { method, cookie }), {
      id: String(id),
    });
  const count = async (id = paidStory.id) =>
    (await db.query.stories.findFirst({ where: eq(stories.id, id) }))!.hearts_count;

  it("PUT/DELETE are idempotent and the count follows", async () => {
    const before = await count();
    const first = await heart("PUT", reader.cookie);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ hearted: true, hearts_count: before + 1 });
    expect(await (await heart("PUT", reader.cookie)).json()).toEqual({
      hearted: true,
      hearts_count: before + 1,
    });
    await heart("PUT", other.cookie);
    expect(await count()).toBe(before + 2);
    expect((await page(paidStory.id, reader.cookie)).story).toMatchObject({
      hearted: true,
      hearts_count: before + 2,
    });
    expect((await page(paidStory.id)).story.hearted).toBe(false);

    expect(await (await heart("DELETE", reader.cookie)).json()).toEqual({
      hearted: false,
      hearts_count: before + 1,
    });
    expect(await (await heart("DELETE", reader.cookie)).json()).toEqual({
      hearted: false,
      hearts_count: before + 1,
    });
    await setHeart(paidStory.id, other, false);
    expect(await count()).toBe(before);
  });

  it("refuses anonymous (401), unknown stories (404) and other methods (405)", async () => {
    expect((await heart("PUT")).status).toBe(401);
    expect((await heart("PUT", reader.cookie, 999999)).status).toBe(404);
    const post = await call(
      heartApi,
      jsonRequest(`/api/stories/${paidStory.id}/heart`, {}, { cookie: reader.cookie }),
      { id: String(paidStory.id) },
    );
    expect(post.status).toBe(405);
  });

  it("from the page: a plain form post redirects back, a fetcher gets the new count", async () => {
    const before = await count(freeStory.id);
    const plain = await call(
      pageAction,
      formRequest(`/stories/${freeStory.id}`, { intent: "heart", hearted: "true" }, reader.cookie),
      { id: String(freeStory.id) },
    );
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe(`/stories/${freeStory.id}#hearts`);
    expect(await count(freeStory.id)).toBe(before + 1);

    const viaFetcher = await call<DataResult<{ heart: unknown }>>(
      pageAction,
      formRequest(
        `/stories/${freeStory.id}`,
        { intent: "heart", hearted: "false", via: "fetcher" },
        reader.cookie,
      ),
      { id: String(freeStory.id) },
    );
    expect(viaFetcher.data.heart).toEqual({ hearted: false, hearts_count: before });

    const anonymous = await call<DataResult<{ toast: { title: string } }>>(
      pageAction,
      formRequest(`/stories/${freeStory.id}`, { intent: "heart", hearted: "true" }),
      { id: String(freeStory.id) },
    );
    expect(anonymous.init?.status).toBe(401);
    expect(anonymous.data.toast.title).toBe("story:toast.loginToHeart");
    expect(await count(freeStory.id)).toBe(before);
  });
});
