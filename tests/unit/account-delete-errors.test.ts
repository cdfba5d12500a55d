import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client";
import { users } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { deleteAccount } from "~/models/account-delete.server";
import { createUser } from "~/models/users.server";
import { action as profileAction } from "~/routes/profile";
import { formRequest, routeArgs, signInAs } from "./helpers";

/**
 * Issue 41, polish: deleting one's account with a wrong username and a wrong password said one,
 * then the other after a second try. Every field that is wrong is named at once.
 */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe("leaving: every wrong field at once", () => {
  it("a wrong username and a wrong password are both named, nothing deleted", async () => {
    const user = await createUser("both_wrong", "secret-pass");
    const error = await refusal(
      deleteAccount(user, {
        username: "someone_else",
        keep_stories: false,
        currentPassword: "not-the-password",
      }),
    );
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({
      username: ["leave.account.wrongUsername"],
      currentPassword: ["validation.currentPasswordWrong"],
    });
    expect(await db.$count(users, eq(users.id, user.id))).toBe(1);
  });

  it("a missing choice comes with the wrong username and password, not before them", async () => {
    const user = await createUser("three_wrong", "secret-pass");
    const error = await refusal(
      deleteAccount(user, { username: "someone_else", currentPassword: "not-the-password" }),
    );
    expect(error.fieldErrors).toEqual({
      keep_stories: ["leave.account.chooseStories"],
      username: ["leave.account.wrongUsername"],
      currentPassword: ["validation.currentPasswordWrong"],
    });
  });

  it("the profile form marks both fields in one answer", async () => {
    await createUser("both_form", "secret-pass");
    const cookie = await signInAs("both_form");
    const reply = await profileAction(
      routeArgs(
        formRequest(
          "/profile",
          {
            intent: "delete-account",
            username: "someone_else",
            keep_stories: "keep",
            currentPassword: "not-the-password",
          },
          cookie,
        ),
      ),
    );
    expect(reply).toMatchObject({
      data: {
        result: {
          error: {
            username: ["leave.account.wrongUsername"],
            currentPassword: ["validation.currentPasswordWrong"],
          },
        },
      },
      init: { status: 400 },
    });
  });
});
