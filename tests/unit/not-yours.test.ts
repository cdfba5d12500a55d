import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { comments, stories, storyEdits } from "#db/schema";
import { createUser, type User } from "~/models/users.server";
import { action as commentApi } from "~/routes/api.comments.$id";
import { action as storyApi } from "~/routes/api.stories.$id";
import { action as storyEditApi } from "~/routes/api.stories.$id.edit";
import { action as storyPage } from "~/routes/stories.$id";
import { action as editPage, loader as editPageLoader } from "~/routes/stories.$id_.edit";
import {
  formRequest,
  getRequest,
  jsonRequest,
  type RouteArgs,
  routeArgs,
  signInAs,
} from "./helpers";

/**
 * Issue 40 item 4, decision 055: one rule for "not yours". A write to someone else's story or
 * comment that the caller can read answers 403 with a message saying so, on screens and /api
 * alike; one they cannot read (waiting for review, rejected, held, hidden, missing) stays 404.
 */

type Status = "approved" | "pending" | "rejected";

let author: User;
let stranger: User;
let authorCookie: string;
let strangerCookie: string;

beforeAll(async () => {
  author = await createUser("ny_author", "secret-pass");
  stranger = await createUser("ny_stranger", "secret-pass");
  authorCookie = await signInAs(author.username);
  strangerCookie = await signInAs(stranger.username);
});

async function storyOf(owner: User, status: Status) {
  const [row] = await db
    .insert(stories)
    .values({
      user_id: owner.id,
      author: owner.username,
      title: `A ${status} story`,
      story: "Line one of a story long enough to be one.\nLine two of it.",
      pricing_tier: "free",
      status,
      bank_name: "Khan Bank",
      bank_account: "5000111222",
      ...(status === "approved" ? { approved_at: new Date().toISOString() } : {}),
    })
    .returning({ id: stories.id });
  return row!.id;
}

async function commentOf(
  owner: User,
  storyId: number,
  state: "shown" | "held" | "hidden" = "shown",
) {
  const now = new Date().toISOString();
  const [row] = await db
    .insert(comments)
    .values({
      story_id: storyId,
      user_id: owner.id,
      author: owner.username,
      content: "A comment of its own.",
      held_at: state === "held" ? now : null,
      hidden_at: state === "hidden" ? now : null,
    })
    .returning({ id: comments.id });
  return row!.id;
}

const edit = { title: "Another title", story: "Line one of a story long enough to be one." };

type Fn = (args: RouteArgs) => Promise<unknown>;

/** An /api call's status and error message (in English, to read the message). */
async function api(fn: Fn, path: string, method: string, cookie: string, body?: unknown) {
  const request = jsonRequest(`${path}?lng=en`, body ?? {}, { method, cookie });
  const id = path.split("/")[3]!;
  const res = (await fn(routeArgs(request, { id }))) as Response;
  const json = (await res.json()) as { error?: string };
  return { status: res.status, error: json.error };
}

/** A screen's answer, returned or thrown: its status and the message it carries. */
async function screen(promise: Promise<unknown>) {
  const outcome = await promise.then(
    (value) => value,
    (thrown: unknown) => thrown,
  );
  if (outcome instanceof Response) return { status: outcome.status, message: undefined };
  const wrapped = outcome as {
    init?: ResponseInit | null;
    data?: { message?: string; toast?: { description?: string } };
  };
  return {
    status: wrapped.init?.status ?? 200,
    message: wrapped.data?.message ?? wrapped.data?.toast?.description,
  };
}

const editScreen = (id: number, cookie: string, intent = "next") =>
  screen(
    editPage(
      routeArgs(
        formRequest(
          `/stories/${id}/edit`,
          { intent, ...edit, bank_name: "Khan Bank", bank_account: "5000111222" },
          cookie,
        ),
        { id: String(id) },
      ),
    ),
  );

const commentScreen = (storyId: number, intent: string, commentId: number, cookie: string) =>
  screen(
    storyPage(
      routeArgs(
        formRequest(
          `/stories/${storyId}`,
          { intent, commentId: String(commentId), content: "Changed words." },
          cookie,
        ),
        { id: String(storyId) },
      ),
    ),
  );

describe("a story", () => {
  it("PATCH /api/stories/{id}: another's published story is 403, saying so", async () => {
    const id = await storyOf(author, "approved");
    const answer = await api(storyApi, `/api/stories/${id}`, "PATCH", strangerCookie, edit);
    expect(answer).toEqual({ status: 403, error: "You can change only your own stories." });
  });

  it("PATCH /api/stories/{id}: another's pending or rejected story, or none, is 404", async () => {
    for (const status of ["pending", "rejected"] as const) {
      const id = await storyOf(author, status);
      const answer = await api(storyApi, `/api/stories/${id}`, "PATCH", strangerCookie, edit);
      expect(answer, status).toEqual({ status: 404, error: "Story not found." });
    }
    expect((await api(storyApi, "/api/stories/999999", "PATCH", strangerCookie, edit)).status).toBe(
      404,
    );
  });

  it("PATCH /api/stories/{id}: one's own story is changed", async () => {
    const id = await storyOf(author, "pending");
    expect((await api(storyApi, `/api/stories/${id}`, "PATCH", authorCookie, edit)).status).toBe(
      200,
    );
  });

  it("DELETE /api/stories/{id}: another's published 403, pending 404, own 200", async () => {
    const shown = await storyOf(author, "approved");
    expect(await api(storyApi, `/api/stories/${shown}`, "DELETE", strangerCookie)).toEqual({
      status: 403,
      error: "You can delete only your own stories.",
    });
    const pending = await storyOf(author, "pending");
    expect((await api(storyApi, `/api/stories/${pending}`, "DELETE", strangerCookie)).status).toBe(
      404,
    );
    expect((await api(storyApi, `/api/stories/${shown}`, "DELETE", authorCookie)).status).toBe(200);
  });

  it("DELETE /api/stories/{id}/edit: another's published 403, pending 404", async () => {
    const shown = await storyOf(author, "approved");
    await db.insert(storyEdits).values({
      story_id: shown,
      ...edit,
      story_image: null,
      bank_name: "Khan Bank",
      bank_account: "5000111222",
      account_name: null,
      submitted_at: new Date().toISOString(),
    });
    expect(await api(storyEditApi, `/api/stories/${shown}/edit`, "DELETE", strangerCookie)).toEqual(
      { status: 403, error: "You can change only your own stories." },
    );
    const pending = await storyOf(author, "pending");
    expect(
      (await api(storyEditApi, `/api/stories/${pending}/edit`, "DELETE", strangerCookie)).status,
    ).toBe(404);
    expect(
      (await api(storyEditApi, `/api/stories/${shown}/edit`, "DELETE", authorCookie)).status,
    ).toBe(200);
  });

  it("the edit screen: another's published story is 403, pending 404, own saved", async () => {
    const shown = await storyOf(author, "approved");
    expect(await editScreen(shown, strangerCookie)).toEqual({
      status: 403,
      message: "errors.notYourStoryEdit",
    });
    expect(await editScreen(shown, strangerCookie, "withdraw")).toMatchObject({ status: 403 });
    const page = await screen(
      editPageLoader(
        routeArgs(getRequest(`/stories/${shown}/edit`, strangerCookie), {
          id: String(shown),
        }),
      ),
    );
    expect(page).toEqual({ status: 403, message: "errors.notYourStoryEdit" });

    const pending = await storyOf(author, "pending");
    expect((await editScreen(pending, strangerCookie)).status).toBe(404);
    expect((await editScreen(pending, authorCookie)).status).toBe(302);
  });
});

describe("a comment", () => {
  it("PATCH and DELETE /api/comments/{id}: another's shown comment is 403, saying so", async () => {
    const story = await storyOf(author, "approved");
    const id = await commentOf(author, story);
    expect(
      await api(commentApi, `/api/comments/${id}`, "PATCH", strangerCookie, {
        content: "Not mine to change.",
      }),
    ).toEqual({ status: 403, error: "You can change only your own comments." });
    expect(await api(commentApi, `/api/comments/${id}`, "DELETE", strangerCookie)).toEqual({
      status: 403,
      error: "You can delete only your own comments.",
    });
  });

  it("/api/comments/{id}: another's held or hidden comment, or one on a story they cannot read, is 404", async () => {
    const shown = await storyOf(author, "approved");
    const pending = await storyOf(author, "pending");
    const unseen = [
      await commentOf(author, shown, "held"),
      await commentOf(author, shown, "hidden"),
      await commentOf(author, pending),
    ];
    for (const id of unseen) {
      const path = `/api/comments/${id}`;
      const body = { content: "Not mine to change." };
      expect((await api(commentApi, path, "PATCH", strangerCookie, body)).status, path).toBe(404);
      expect((await api(commentApi, path, "DELETE", strangerCookie)).status, path).toBe(404);
    }
  });

  it("/api/comments/{id}: one's own comment is changed and deleted", async () => {
    const story = await storyOf(author, "approved");
    const id = await commentOf(stranger, story);
    const path = `/api/comments/${id}`;
    const body = { content: "Changed my mind." };
    expect((await api(commentApi, path, "PATCH", strangerCookie, body)).status).toBe(200);
    expect((await api(commentApi, path, "DELETE", strangerCookie)).status).toBe(200);
  });

  it("the story page: another's shown comment 403, held 404, own done", async () => {
    const story = await storyOf(author, "approved");
    const shown = await commentOf(author, story);
    const held = await commentOf(author, story, "held");
    for (const intent of ["edit-comment", "delete-comment"]) {
      expect(await commentScreen(story, intent, shown, strangerCookie), intent).toMatchObject({
        status: 403,
      });
      expect((await commentScreen(story, intent, held, strangerCookie)).status, intent).toBe(404);
    }
    const own = await commentOf(stranger, story);
    expect((await commentScreen(story, "edit-comment", own, strangerCookie)).status).toBe(302);
    expect((await commentScreen(story, "delete-comment", own, strangerCookie)).status).toBe(302);
  });
});
