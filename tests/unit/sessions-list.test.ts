import { beforeAll, describe, expect, it } from "vitest";
import { deviceName } from "~/lib/device";
import { createUser } from "~/models/users.server";
import { action as login } from "~/routes/api.login";
import { loader as whoAmI } from "~/routes/api.user";
import { action as profileAction, loader as profileLoader } from "~/routes/profile";
import { cookiesFrom, formRequest, getRequest, jsonRequest, routeArgs } from "./helpers";

/** Issue 18: /profile lists the browsers signed in to the account, and signs any or all out. */

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const LAPTOP =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

const signInWith = async (userAgent: string) =>
  cookiesFrom(
    await login(
      routeArgs(
        jsonRequest(
          "/api/login",
          { username: "device_owner", password: "secret-pass" },
          { headers: { "user-agent": userAgent } },
        ),
      ),
    ),
  );
const signedIn = async (cookie: string) =>
  (await whoAmI(routeArgs(getRequest("/api/user", cookie)))).status === 200;
const list = async (cookie: string) =>
  (
    (await profileLoader(routeArgs(getRequest("/profile", cookie)))) as {
      sessions: { id: string; device: string; current: boolean }[];
    }
  ).sessions;

beforeAll(async () => {
  await createUser("device_owner", "secret-pass");
});

describe("signed-in devices", () => {
  it("are listed with their browser, this one marked; one or all others can be signed out", async () => {
    const phone = await signInWith(PHONE);
    const laptop = await signInWith(LAPTOP);
    const third = await signInWith(LAPTOP);
    const sessions = await list(phone);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current).map((s) => deviceName(s.device))).toEqual([
      "Chrome · Android",
    ]);
    expect(sessions.some((s) => deviceName(s.device) === "Safari · macOS")).toBe(true);

    const laptopId = (await list(laptop)).find((s) => s.current)!.id;
    const ended = (await profileAction(
      routeArgs(formRequest("/profile", { intent: "end-session", id: laptopId }, phone)),
    )) as Response;
    expect(ended.status).toBe(302);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(third)).toBe(true);

    await profileAction(routeArgs(formRequest("/profile", { intent: "end-others" }, phone)));
    expect(await signedIn(third)).toBe(false);
    expect(await signedIn(phone)).toBe(true);
    expect(await list(phone)).toHaveLength(1);
  });

  it("names browsers it knows, and none it does not", () => {
    expect(
      deviceName(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari · iPhone");
    expect(
      deviceName(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0",
      ),
    ).toBe("Edge · Windows");
    expect(deviceName("curl/8.5")).toBeNull();
    expect(deviceName(null)).toBeNull();
  });
});
