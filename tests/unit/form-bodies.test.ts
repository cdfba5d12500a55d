import { describe, expect, it } from "vitest";
import { readUpload } from "~/http/upload.server";
import { action as donate } from "~/routes/donate";
import { action as forgot } from "~/routes/forgot-password";
import { action as login } from "~/routes/login";
import { action as theme } from "~/routes/resources.theme";
import { screenAction } from "~/web/route.server";
import { ORIGIN, routeArgs } from "./helpers";

/**
 * Issue 38 item 11: a screen's action posted something that is not a form (JSON, text, a broken
 * multipart body) is refused by the one body reader with 415 or 400, not a 500 with a stack.
 */

function post(path: string, type: string | null, body: string) {
  const headers = new Headers({ host: "localhost:3000", origin: ORIGIN });
  if (type) headers.set("content-type", type);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body });
}

/** The status an action answered or threw (screenAction throws its refusals as data). */
async function statusOf(outcome: Promise<unknown>): Promise<unknown> {
  const settled = await outcome.then(
    (value) => value,
    (thrown: unknown) => thrown,
  );
  if (settled instanceof Response) return settled.status;
  const init = (settled as { init?: ResponseInit } | null)?.init;
  return init?.status ?? settled;
}

const json = '{"email":"someone@example.mn","username":"a","password":"b"}';
const brokenMultipart = [
  "multipart/form-data; boundary=xyz",
  '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nsomeone@exa',
] as const;

const SCREENS = [
  ["/login", login],
  ["/forgot-password", forgot],
  ["/resources/theme", theme],
  ["/donate", donate],
] as const;

describe("a screen's action posted a body that is not a form", () => {
  for (const [path, action] of SCREENS) {
    it(`${path}: JSON and text are 415, a broken multipart body is 400`, async () => {
      expect(await statusOf(action(routeArgs(post(path, "application/json", json))))).toBe(415);
      expect(await statusOf(action(routeArgs(post(path, "text/plain", "email=x"))))).toBe(415);
      expect(await statusOf(action(routeArgs(post(path, ...brokenMultipart))))).toBe(400);
      expect(await statusOf(action(routeArgs(post(path, "multipart/form-data", "junk"))))).toBe(
        400,
      );
    });
  }

  it("the refusal says why in words, and a resource route answers it as text", async () => {
    const thrown = await screenAction(
      routeArgs(post("/x", "application/json", json)),
      async ({ request }) => {
        await request.formData();
        return null;
      },
    ).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 415 }, data: { message: "errors.formOnly" } });
    const res = await theme(routeArgs(post("/resources/theme?lng=en", "application/json", json)));
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).not.toMatch(/at \w+ \(|TypeError/);
  });

  it("an upload read as it streams refuses a broken multipart body with 400", async () => {
    const thrown = await screenAction(
      routeArgs(post("/x", ...brokenMultipart)),
      async ({ request }) => {
        await readUpload(request, { picture: 1024 });
        return null;
      },
    ).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 400 }, data: { message: "errors.formBroken" } });
  });

  it("a real form still reads as before", async () => {
    const res = await theme(
      routeArgs(post("/resources/theme", "application/x-www-form-urlencoded", "theme=dark")),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("set-cookie")).toMatch(/storyshare-theme=dark/);
  });
});
