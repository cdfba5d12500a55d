import { expect, test } from "@playwright/test";
import { admin, anonymous } from "./helpers";

/** Issue 23, item 6, over HTTP: answers outside the contract are gone. */

test("an action-only /api route answers GET with 405, Allow and the security headers", async () => {
  const api = await anonymous();
  for (const [path, allow] of [
    ["/api/login", "POST"],
    ["/api/logout", "POST"],
    ["/api/register", "POST"],
    ["/api/clear-all-data", "POST"],
    ["/api/stories/1/approve", "POST, PATCH"],
  ]) {
    const res = await api.get(`${path}?lng=en`);
    expect(res.status(), path).toBe(405);
    expect(res.headers().allow).toBe(allow);
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(await res.json()).toEqual({ error: "This method is not allowed here." });
  }
  const put = await api.put("/api/stories/featured?lng=en");
  expect(put.status()).toBe(405);
  expect(put.headers().allow).toBe("GET");
});

test("an id that cannot be one is a 404 in the contract's JSON, never a 500", async () => {
  const api = await admin();
  for (const path of [
    "/api/stories/abc/approve",
    "/api/stories/abc/reject",
    "/api/stories/1e3/verify-payment",
    "/api/donation-pools/x/donations/1/verify",
    "/api/donation-pools/1/donations/x/reject",
  ]) {
    const res = await api.post(`${path}?lng=en`, { data: {} });
    expect(res.status(), path).toBe(404);
    expect(typeof ((await res.json()) as { error: unknown }).error).toBe("string");
  }
});
