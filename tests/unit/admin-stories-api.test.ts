import { beforeAll, describe, expect, it } from "vitest";
import { createStory } from "~/models/story-submission.server";
import { createUser } from "~/models/users.server";
import { loader as allStories } from "~/routes/api.stories";
import { action as storyAction, loader as storyApi } from "~/routes/api.stories.$id";
import { action as approve } from "~/routes/api.stories.$id.approve";
import { action as reject } from "~/routes/api.stories.$id.reject";
import { action as verifyPayment } from "~/routes/api.stories.$id.verify-payment";
import { loader as pending } from "~/routes/api.stories.pending";
import { getRequest, jsonRequest, routeArgs, signInAs } from "./helpers";

let adminCookie: string;
let userCookie: string;
let paidId: number;

const patch = (path: string, cookie?: string, method = "PATCH") =>
  new Request(`http://localhost:3000${path}`, {
    method,
    headers: { host: "localhost:3000", ...(cookie ? { cookie } : {}) },
  });

beforeAll(async () => {
  await createUser("boss", "secret-pass", "admin");
  const author = await createUser("writer_x", "secret-pass");
  adminCookie = await signInAs("boss");
  userCookie = await signInAs("writer_x");
  const base = {
    story: "Өвлийн нэгэн өглөө бид бүгдээрээ сэрлээ.",
    bank_name: "TDB",
    bank_account: "123456",
  };
  paidId = (
    await createStory(author, {
      ...base,
      title: "Зудын тухай",
      pricing_tier: "daily",
      payment_reference: "111222",
    })
  ).id;
  await createStory(author, { ...base, title: "Ordinary day", pricing_tier: "free" });
});

describe("admin story API (spec 02 §7)", () => {
  it("anonymous gets 401, a signed-in user 403, on every admin call", async () => {
    for (const cookie of [undefined, userCookie]) {
      const expected = cookie ? 403 : 401;
      expect((await pending(routeArgs(getRequest("/api/stories/pending", cookie)))).status).toBe(
        expected,
      );
      expect((await allStories(routeArgs(getRequest("/api/stories", cookie)))).status).toBe(
        expected,
      );
      for (const fn of [approve, reject, verifyPayment]) {
        const res = await fn(
          routeArgs(patch(`/api/stories/${paidId}/x`, cookie), { id: String(paidId) }),
        );
        expect(res.status).toBe(expected);
      }
    }
  });

  it("lists pending stories with their payment state; premium filter", async () => {
    const res = await pending(
      routeArgs(getRequest("/api/stories/pending?filter=premium", adminCookie)),
    );
    const body = await res.json();
    expect(body.map((s: { id: number }) => s.id)).toEqual([paidId]);
    expect(body[0]).toMatchObject({
      payment_status: "pending",
      payment_reference: "111222",
      is_approved: false,
    });
    expect(res.headers.get("X-Total-Count")).toBe("1");
  });

  it("approve is 409 while the payment is pending; verify, then approve works once", async () => {
    const call = (fn: typeof approve) =>
      fn(routeArgs(patch(`/api/stories/${paidId}/x`, adminCookie), { id: String(paidId) }));
    expect((await call(approve)).status).toBe(409);
    expect((await call(verifyPayment)).status).toBe(200);
    const ok = await call(approve);
    expect(ok.status).toBe(200);
    expect((await ok.json()).expires_at).toBeTruthy();
    expect((await call(approve)).status).toBe(409);
    expect((await call(reject)).status).toBe(409);
  });

  it("verify-payment may say what arrived: a bad amount is a 400 naming it, a good one is recorded", async () => {
    const author = await createUser("writer_amount", "secret-pass");
    const { id } = await createStory(author, {
      story: "Зуны нэгэн үдэш голын эрэгт суулаа.",
      bank_name: "TDB",
      bank_account: "123456",
      title: "Дүнтэй төлбөр",
      pricing_tier: "daily",
      payment_reference: "333444",
    });
    const send = (body: unknown) =>
      verifyPayment(
        routeArgs(
          jsonRequest(`/api/stories/${id}/verify-payment?lng=en`, body, {
            cookie: adminCookie,
            method: "PATCH",
          }),
          { id: String(id) },
        ),
      );
    const bad = await send({ amount_received: 0 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors.amount_received).toEqual([
      "Enter the amount received, in whole tugrik.",
    ]);
    const ok = await send({ amount_received: 2000 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      id,
      payment_status: "verified",
      amount_received: 2000,
    });
  });

  it("unknown ids are 404", async () => {
    const res = await approve(
      routeArgs(patch("/api/stories/999999/approve", adminCookie), { id: "999999" }),
    );
    expect(res.status).toBe(404);
  });

  it("GET /api/stories searches title, author and text case-insensitively, Cyrillic included", async () => {
    const search = async (q: string, filter = "all") =>
      (await (
        await allStories(
          routeArgs(
            getRequest(
              `/api/stories?search=${encodeURIComponent(q)}&filter=${filter}`,
              adminCookie,
            ),
          ),
        )
      ).json()) as { title: string }[];
    expect((await search("ЗУДЫН")).map((s) => s.title)).toEqual(["Зудын тухай"]);
    expect((await search("ordinary")).map((s) => s.title)).toEqual(["Ordinary day"]);
    expect((await search("WRITER_X")).length).toBe(2);
    expect((await search("өвлийн")).length).toBe(2);
    expect((await search("%")).length).toBe(0);
    expect((await search("", "featured")).map((s) => s.title)).toEqual(["Зудын тухай"]);
    expect((await search("", "regular")).map((s) => s.title)).toEqual(["Ordinary day"]);
  });

  it("DELETE /api/stories/{id}: administrators only; the story is gone afterwards", async () => {
    const author = await createUser("deletable_author", "secret-pass");
    const { id } = await createStory(author, {
      title: "To be removed",
      story: "Энэ түүхийг админ устгана.",
      bank_name: "TDB",
      bank_account: "123456",
      pricing_tier: "free",
    });
    const del = (cookie?: string, target = id) =>
      storyAction(
        routeArgs(patch(`/api/stories/${target}`, cookie, "DELETE"), {
          id: String(target),
        }),
      );
    expect((await del()).status).toBe(401);
    expect((await del(userCookie)).status).toBe(403);
    expect((await del(adminCookie, 999999)).status).toBe(404);
    const ok = await del(adminCookie);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ id });
    const gone = await storyApi(
      routeArgs(getRequest(`/api/stories/${id}`, adminCookie), { id: String(id) }),
    );
    expect(gone.status).toBe(404);
    expect((await del(adminCookie)).status).toBe(404);
  });
});
