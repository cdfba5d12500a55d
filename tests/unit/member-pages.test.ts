import { gunzipSync } from "node:zlib";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "#db/client";
import { comments, reports, stories, storyHearts } from "#db/schema";
import { seed } from "#db/seed";
import { languageCookie } from "~/i18next.server";
import { avatarEmoji } from "~/lib/avatar";
import { storyPageOwnParts } from "~/models/story-own-parts.server";
import { createUser } from "~/models/users.server";
import { loader as storyLoader } from "~/routes/stories.$id";
import {
  decide,
  fillFrom,
  forgetMemberPages,
  personalise,
  sameForMembers,
  shownViewer,
  viewerOf,
} from "~/web/member-pages.server";
import { ORIGIN, sessionOnly, signInAs } from "./helpers";

/**
 * Decision 039: which members' requests take a copy of a page drawn once, and what the copy holds.
 * The rendering itself is exercised by tests/security/member-pages.spec.ts on the production build.
 */

const HTML = "text/html,application/xhtml+xml";
let member = "";
let other = "";
let boss = "";

let storyId = 0;
let storyAuthor = "";
const ids: Record<string, string> = {};

beforeAll(async () => {
  await seed();
  const story = await db.query.stories.findFirst({
    where: and(eq(stories.status, "approved"), isNotNull(stories.user_id)),
  });
  storyId = story!.id;
  storyAuthor = story!.user_id!;
  for (const name of ["copy_heart", "copy_commenter", "copy_reporter"]) {
    ids[name] = (await createUser(name, "secret-pass")).id;
  }
  await createUser("copy_member", "secret-pass");
  await createUser("copy_other", "secret-pass");
  await createUser("copy_boss", "secret-pass", "admin");
  member = sessionOnly(await signInAs("copy_member"));
  other = sessionOnly(await signInAs("copy_other"));
  boss = sessionOnly(await signInAs("copy_boss"));
});

afterEach(() => {
  forgetMemberPages();
  vi.useRealTimers();
});

function get(path: string, cookie: string, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, {
    headers: { Accept: HTML, Cookie: cookie, Host: "localhost:3000", ...headers },
  });
}

/** One story page request as Remix runs it: the root loader and the story's loader. */
async function visitStory(cookie: string) {
  const request = get(`/stories/${storyId}`, cookie);
  const args = { request, context: {}, params: { id: String(storyId) } };
  const [decision, data] = await Promise.all([decide(args), storyLoader(args)]);
  return {
    decision,
    data: data as { viewer: { username: string; avatar: string } } | null,
    viewer: await viewerOf(args),
  };
}

/** One request as Remix runs it: the root loader and the page's loader side by side. */
async function visit(request: Request, page: "same" | "personal" = "same") {
  const context = {};
  const args = { request, context, params: {} };
  let loaded = 0;
  const load = async () => {
    loaded += 1;
    return "page data";
  };
  const [decision] = await Promise.all([
    decide(args),
    page === "same" ? sameForMembers(args, load) : load(),
  ]);
  return { decision, loaded, viewer: await viewerOf(args) };
}

/** What the render would give for a fill: the stand-in written where the header shows a member. */
function draw(decision: Awaited<ReturnType<typeof visit>>["decision"], status = 200, gzip = false) {
  if (decision.kind !== "fill") throw new Error(`expected a fill, got ${decision.kind}`);
  const standIn = shownViewer(decision, decision.viewer)!;
  const page = Buffer.from(
    `<script nonce="n1">x</script><span aria-label="${standIn.username}">${standIn.avatar}</span>` +
      `<b>${standIn.username}</b><script nonce="n1">{"username":"${standIn.username}"}</script>`,
  );
  return fillFrom(decision, page, "n1", status, new Headers({ "Cache-Control": "private" }), gzip);
}

describe("members' copies of shared pages", () => {
  it("draws the first member's page with a stand-in and gives the next member the copy, with their own name, avatar and nonce", async () => {
    const first = await visit(get("/", member));
    expect(first.decision.kind).toBe("fill");
    expect(first.loaded).toBe(1);
    const standIn = shownViewer(first.decision, first.viewer)!;
    expect(standIn.username).not.toBe("copy_member");
    expect(standIn.role).toBe("user");
    const mine = draw(first.decision).page.toString();
    expect(mine).toContain('aria-label="copy_member"');
    expect(mine).toContain(`>${avatarEmoji("copy_member")}<`);
    expect(mine).toContain('{"username":"copy_member"}');
    expect(mine).not.toContain(standIn.username);

    const second = await visit(get("/", other));
    expect(second.decision.kind).toBe("copy");
    expect(second.loaded).toBe(0);
    if (second.decision.kind !== "copy") return;
    const theirs = personalise(second.decision.copy, second.decision.viewer, "n2", false);
    expect(theirs.toString()).toBe(
      `<script nonce="n2">x</script><span aria-label="copy_other">${avatarEmoji("copy_other")}</span>` +
        `<b>copy_other</b><script nonce="n2">{"username":"copy_other"}</script>`,
    );
    // For a browser that takes gzip, the same page from the copy's parts compressed once.
    const zipped = personalise(second.decision.copy, second.decision.viewer, "n2", true);
    expect(gunzipSync(zipped).equals(theirs)).toBe(true);
    // The root loader hands the real member to a copy's request (its data is never drawn).
    expect(shownViewer(second.decision, second.viewer)?.username).toBe("copy_other");
  });

  it("keeps roles, languages, themes and addresses apart", async () => {
    draw((await visit(get("/", member))).decision);
    expect((await visit(get("/", member))).decision.kind).toBe("copy");
    for (const request of [
      get("/", boss),
      get("/", `${member}; ${(await languageCookie.serialize("en")).split(";")[0]}`),
      get("/", `${member}; storyshare-theme=dark`),
      // Light mode (decision 065), by the browser's header or the reader's cookie.
      get("/", member, { "Save-Data": "on" }),
      get("/", `${member}; storyshare-light=1`),
      get("/?page=2", member),
      // The address as remix-serve builds it from the Host header.
      new Request("http://other.example/", { headers: { Accept: HTML, Cookie: member } }),
    ]) {
      expect((await visit(request)).decision.kind, request.headers.get("Cookie") ?? "").toBe(
        "fill",
      );
    }
  });

  it("draws as usual for anyone a copy could be wrong for", async () => {
    draw((await visit(get("/", member))).decision);
    const cases: [string, Request][] = [
      ["anonymous", get("/", "")],
      ["a data request (any type)", get("/", member, { Accept: "*/*" })],
      ["a fetch", get("/", member, { "Sec-Fetch-Dest": "empty" })],
      ["a toast to show", get("/", `${member}; storyshare_toast=x`)],
      ["their own fresh write", get("/", `${member}; storyshare_fresh=1`)],
      ["a language switch", get("/?lng=en", member)],
      ["a theme switch without JavaScript", get("/?theme=dark", member)],
      ["a light-mode switch without JavaScript", get("/?light=1", member)],
      ["a stale session", get("/", "storyshare_session=forged")],
    ];
    for (const [what, request] of cases) {
      const { decision, loaded } = await visit(request);
      expect(decision.kind, what).toBe("render");
      expect(loaded, what).toBe(1);
    }
    expect((await visit(get("/", member), "personal")).decision.kind, "a personal page").toBe(
      "render",
    );
  });

  it("never writes in a name that would need escaping", async () => {
    await createUser("o'copy<b>", "secret-pass");
    const odd = sessionOnly(await signInAs("o'copy<b>"));
    expect((await visit(get("/", odd))).decision.kind).toBe("render");
  });

  it("does not keep an error page or an answer that sets a cookie", async () => {
    // Not kept, so not compressed once either: the render compresses it as any page for one.
    expect(draw((await visit(get("/", member))).decision, 404, true).gzipped).toBe(false);
    const next = await visit(get("/", member));
    expect(next.decision.kind).toBe("fill");
    const kept = draw(next.decision, 200, true);
    expect(kept.gzipped).toBe(true);
    expect(gunzipSync(kept.page).toString()).toContain('aria-label="copy_member"');
  });

  it("while one request draws, others wait for it; once stale, the old copy is served until the new one is drawn", async () => {
    const drawing = await visit(get("/", member));
    const waiting = visit(get("/", other));
    await new Promise((r) => setTimeout(r, 20));
    draw(drawing.decision);
    expect((await waiting).decision.kind).toBe("copy");

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 11_000);
    const redraw = await visit(get("/", member));
    expect(redraw.decision.kind).toBe("fill");
    expect((await visit(get("/", other))).decision.kind).toBe("copy");
    draw(redraw.decision);
    expect((await visit(get("/", other))).decision.kind).toBe("copy");

    vi.setSystemTime(Date.now() + 25_000);
    expect((await visit(get("/", other))).decision.kind).toBe("fill");
  });

  it("gives a story page's copy to members with nothing of their own on it, by whether they hearted it", async () => {
    const first = await visitStory(member);
    expect(first.decision.kind).toBe("fill");
    // The comment form's "as …" is drawn with the stand-in too, to be written in like the header.
    const standIn = shownViewer(first.decision, first.viewer ?? null);
    expect(first.data?.viewer.username).toBe(standIn?.username);
    expect(first.data?.viewer.avatar).toBe(standIn?.avatar);
    draw(first.decision);
    const second = await visitStory(other);
    expect(second.decision.kind).toBe("copy");
    expect(second.data).toBeNull();

    await db.insert(storyHearts).values({ story_id: storyId, user_id: ids.copy_heart! });
    const hearted = sessionOnly(await signInAs("copy_heart"));
    expect((await visitStory(hearted)).decision.kind).toBe("fill");

    await db.insert(comments).values({
      story_id: storyId,
      user_id: ids.copy_commenter!,
      author: "copy_commenter",
      content: "Миний сэтгэгдэл",
    });
    const [comment] = await db
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.user_id, ids.copy_commenter!));
    await db.insert(reports).values({
      target_type: "comment",
      target_id: comment!.id,
      reporter_id: ids.copy_reporter!,
      reason: "spam",
    });
    for (const [who, cookie] of [
      ["one who commented", sessionOnly(await signInAs("copy_commenter"))],
      ["one who reported a comment", sessionOnly(await signInAs("copy_reporter"))],
      ["an administrator", boss],
    ] as const) {
      const { decision, data } = await visitStory(cookie);
      expect(decision.kind, who).toBe("render");
      expect(data?.viewer.username, who).not.toBe(standIn?.username);
    }
    expect(await storyPageOwnParts(storyId, storyAuthor), "its author").toBeNull();
  });
});
