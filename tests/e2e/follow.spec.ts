import {
  clickAndWaitForPost,
  expect,
  isJs,
  register,
  test,
  toastGiven,
  uniqueName,
} from "./fixtures";

/**
 * Issue 42 item 1: a new member follows a demo author from a story's byline, sees the author
 * under «Дагаж буй» on /profile, chooses the digest's frequency and unfollows there. With
 * JavaScript the button changes at once (a fetcher); without, the post comes back with a toast.
 * Both projects follow the same author at once, so counts are compared as «at least».
 */
const AUTHOR = "saraa_writes";

test("follow a demo author from the story page and see it on /profile", async ({
  page,
  request,
}, info) => {
  const stories = await request.get(`/api/authors/${AUTHOR}/stories`);
  expect(stories.ok()).toBe(true);
  const [story] = (await stories.json()) as { id: number }[];
  expect(story, `a published demo story by ${AUTHOR}`).toBeTruthy();
  const storyPath = `/stories/${story!.id}`;

  // Signed out: the button is a way to sign in that comes back to the story.
  await page.goto(storyPath);
  const signIn = page.getByTestId("follow-sign-in");
  await expect(signIn).toHaveAttribute("href", `/login?redirect=${encodeURIComponent(storyPath)}`);

  await register(page, uniqueName("follower", info.project.name));
  await page.goto(storyPath);
  const button = page.getByTestId("follow");
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await expect(button).toHaveAccessibleName(`Дагах ${AUTHOR}`);

  if (isJs(info)) {
    await clickAndWaitForPost(page, button, "/follow/authors/");
  } else {
    await button.click();
    await toastGiven(page, `Та зохиогчийг дагалаа: ${AUTHOR}`);
    await expect(page).toHaveURL(new RegExp(`${storyPath}$`));
  }
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(button).toContainText("Дагаж байна");
  const count = Number(await page.getByTestId("follow-count").getAttribute("data-count"));
  expect(count).toBeGreaterThanOrEqual(1);

  // The follow holds on a fresh load.
  await page.reload();
  await expect(page.getByTestId("follow")).toHaveAttribute("aria-pressed", "true");

  await page.goto("/profile");
  const section = page.getByTestId("following");
  const followed = section.getByTestId("followed-author");
  await expect(followed).toHaveCount(1);
  await expect(followed).toContainText(AUTHOR);

  // The digest: weekly unless chosen otherwise.
  const digest = page.getByTestId("digest-form");
  await expect(digest.getByRole("radio", { name: "Долоо хоног бүр" })).toBeChecked();
  await digest.getByRole("radio", { name: "Өдөр бүр" }).check();
  await digest.getByRole("button", { name: "Давтамжийг хадгалах" }).click();
  await toastGiven(page, "Товчооны тохиргоог хадгаллаа");
  await page.reload();
  await expect(
    page.getByTestId("digest-form").getByRole("radio", { name: "Өдөр бүр" }),
  ).toBeChecked();

  // Unfollow from the profile.
  const unfollow = page.getByTestId("followed-author").getByTestId("unfollow");
  if (isJs(info)) {
    await clickAndWaitForPost(page, unfollow, "/follow/authors/");
  } else {
    await unfollow.click();
    await toastGiven(page, `Та зохиогчийг дагахаа больлоо: ${AUTHOR}`);
  }
  await expect(page.getByTestId("followed-author")).toHaveCount(0);
  await expect(page.getByTestId("following-empty")).toBeVisible();

  await page.goto(storyPath);
  await expect(page.getByTestId("follow")).toHaveAttribute("aria-pressed", "false");
});
