import { describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMITS } from "~/http/body-limit.server";
import { readJson } from "~/http/http.server";
import { apiAction, screenAction } from "~/web/route.server";
import { ORIGIN, routeArgs } from "./helpers";

/** Issue 23, item 1: one body reader, in the action wrappers, counting bytes as they stream. */

/** A body of `total` bytes with no Content-Length; `pulled()` says how much was ever read. */
function endless(type: string, total: number) {
  let produced = 0;
  const chunk = new Uint8Array(16 * 1024).fill(97);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced >= total) return controller.close();
      produced += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const request = new Request(`${ORIGIN}/x?lng=en`, {
    method: "POST",
    headers: { host: "localhost:3000", origin: ORIGIN, "content-type": type },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => produced };
}

describe("bodies over their limit", () => {
  it("a form: the screen's 413 refusal, and reading stopped at the limit", async () => {
    const { request, pulled } = endless("application/x-www-form-urlencoded", 50 * 1024 * 1024);
    const thrown = await screenAction(routeArgs(request), async ({ request }) => {
      await request.formData();
      return null;
    }).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 413 }, data: { message: "errors.tooLarge" } });
    expect(pulled()).toBeLessThan(DEFAULT_BODY_LIMITS.form + 64 * 1024);
  });

  it("JSON: the contract's 413, translated, and a route may allow more", async () => {
    const small = endless("application/json", 10 * 1024 * 1024);
    const res = await apiAction(routeArgs(small.request), ["POST"], async ({ request }) => {
      await readJson(request);
      return Response.json({});
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "The request is too large." });
    expect(small.pulled()).toBeLessThan(DEFAULT_BODY_LIMITS.json + 64 * 1024);

    const big = endless("application/json", 200 * 1024);
    const allowed = await apiAction(
      routeArgs(big.request),
      ["POST"],
      async ({ request }) => {
        await request.arrayBuffer();
        return Response.json({ read: true });
      },
      { json: 1024 * 1024 },
    );
    expect(allowed.status).toBe(200);
  });

  it("a declared Content-Length over the limit is refused unread", async () => {
    const request = new Request(`${ORIGIN}/x`, {
      method: "POST",
      headers: {
        host: "localhost:3000",
        "content-type": "application/json",
        "content-length": String(10 * 1024 * 1024),
      },
      body: "{}",
    });
    let ran = false;
    const res = await apiAction(routeArgs(request), ["POST"], async () => {
      ran = true;
      return Response.json({});
    });
    expect(res.status).toBe(413);
    expect(ran).toBe(false);
  });
});
