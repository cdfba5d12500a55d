import { expect, test } from "@playwright/test";
import { activePoolId, admin, anonymous, newUser, publicStoryId } from "./helpers";

/**
 * Who may do what, asked over HTTP of the production server: anonymous, two ordinary users and
 * an administrator; another user's comment or story by id; fields a client must not set.
 */

/** Admin-only calls of /api (mirrors tests/unit/authorization-matrix.test.ts, here over HTTP). */
const ADMIN_CALLS: [method: string, path: string][] = [
  ["GET", "/api/stories/pending"],
  ["GET", "/api/stories"],
  ["PATCH", "/api/stories/1/approve"],
  ["PATCH", "/api/stories/1/reject"],
  ["PATCH", "/api/stories/1/verify-payment"],
  ["DELETE", "/api/stories/1"],
  ["PATCH", "/api/settings/premium"],
  ["POST", "/api/translations/faq"],
  ["GET", "/api/donation-pools/all"],
  ["GET", "/api/donation-pools/pending-donations"],
  ["PATCH", "/api/donation-pools/1/donations/1/verify"],
  ["PATCH", "/api/donation-pools/1/donations/1/reject"],
  ["POST", "/api/donation-pools"],
  ["PATCH", "/api/donation-pools/1/status"],
  ["POST", "/api/clear-all-data"],
  ["PATCH", "/api/donations/1/verify"],
  ["PATCH", "/api/donations/1/reject"],
  ["GET", "/api/reconciliation"],
  ["POST", "/api/reconciliation"],
  ["POST", "/api/reconciliation/confirm"],
  ["PATCH", "/api/statement-lines/1/dismiss"],
  ["GET", "/api/admin/overview"],
];

/** Admin screens and their actions: anyone else is sent to / and nothing happens. */
const ADMIN_SCREENS = [
  "/admin",
  "/admin/approvals",
  "/admin/stories",
  "/admin/payments",
  "/admin/payments/1",
  "/admin/donations/pools",
  "/admin/donations/pending",
  "/admin/donations/reconcile",
  "/admin/donations/new",
  "/admin/faq",
  "/admin/settings",
  "/admin/activity",
];

test.describe("access control over HTTP", () => {
  test("admin /api calls: 401 anonymous, 403 for two different users, allowed for the admin", async () => {
    const [nobody, a, b, boss] = await Promise.all([
      anonymous(),
      newUser("acca").then((u) => u.api),
      newUser("accb").then((u) => u.api),
      admin(),
    ]);
    for (const [method, path] of ADMIN_CALLS) {
      // Empty bodies: the check must come before any validation.
      const call = (api: typeof nobody) => api.fetch(path, { method, data: {} });
      expect((await call(nobody)).status(), `${method} ${path} anonymous`).toBe(401);
      expect((await call(a)).status(), `${method} ${path} user a`).toBe(403);
      expect((await call(b)).status(), `${method} ${path} user b`).toBe(403);
      if (method === "GET")
        expect((await call(boss)).status(), `${method} ${path} admin`).toBe(200);
    }
  });

  test("admin screens and their actions send users to / and visitors to sign in first", async () => {
    const { api: user } = await newUser("scr");
    const nobody = await anonymous();
    for (const path of ADMIN_SCREENS) {
      for (const [api, away] of [
        [nobody, /^\/login\?redirect=%2Fadmin/],
        [user, /^\/$/],
      ] as const) {
        const page = await api.get(path, { maxRedirects: 0 });
        expect(page.status(), `GET ${path}`).toBe(302);
        expect(page.headers().location).toMatch(away);
        const post = await api.post(path, {
          form: { intent: "verify", id: "pool:1" },
          maxRedirects: 0,
        });
        expect([302, 404, 405], `POST ${path}`).toContain(post.status());
        if (post.status() === 302) expect(post.headers().location).toMatch(away);
      }
    }
  });

  test("a user cannot delete another user's comment; its author and the admin can", async () => {
    const { api: author } = await newUser("own");
    const { api: other } = await newUser("oth");
    const storyId = await publicStoryId(author);
    const made = await author.post(`/api/stories/${storyId}/comments`, {
      data: { content: "Миний сэтгэгдэл" },
    });
    expect(made.status()).toBe(201);
    const { id } = await made.json();
    expect((await other.delete(`/api/comments/${id}`)).status()).toBe(403);
    // Changing it is refused the same way (decision 055).
    const changed = await other.patch(`/api/comments/${id}`, { data: { content: "Өөрийнх биш" } });
    expect(changed.status()).toBe(403);
    expect((await (await anonymous()).delete(`/api/comments/${id}`)).status()).toBe(401);
    const still = await (await author.get(`/api/stories/${storyId}/comments`)).json();
    expect(still.some((c: { id: number }) => c.id === id)).toBe(true);
    expect((await author.delete(`/api/comments/${id}`)).status()).toBe(200);
  });

  test("another user's published story: changing or deleting it is 403, saying so", async () => {
    const { api: other } = await newUser("pub");
    const id = await publicStoryId(other);
    // One rule for "not yours" (decision 055): they can read it, so it is not "not found".
    const patched = await other.patch(`/api/stories/${id}?lng=en`, { data: { title: "Өөр" } });
    expect(patched.status()).toBe(403);
    expect((await patched.json()).error).toBe("You can change only your own stories.");
    const deleted = await other.delete(`/api/stories/${id}?lng=en`);
    expect(deleted.status()).toBe(403);
    expect((await deleted.json()).error).toBe("You can delete only your own stories.");
    expect((await other.get(`/api/stories/${id}`)).status()).toBe(200);
  });

  test("a user's pending story is theirs alone: others cannot read or change it by id", async () => {
    const { api: author } = await newUser("sty");
    const { api: other } = await newUser("stz");
    const created = await author.post("/api/stories", {
      data: {
        title: "Хүлээгдэж буй түүх",
        story: "Энэ түүх хараахан батлагдаагүй байна. ".repeat(3),
        // A paid tier waits for its payment and for review (a free one may be published at once).
        pricing_tier: "daily",
        bank_name: "Khan Bank",
        bank_account: "5000123456",
        account_name: "Зохиогч",
        payment_reference: "654321",
      },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    expect((await author.get(`/stories/${id}`)).status()).toBe(200); // the author's preview
    for (const api of [other, await anonymous()]) {
      expect([403, 404]).toContain((await api.get(`/stories/${id}`)).status());
      // Deleting is for its author (and administrators): to others a story they cannot read is
      // missing (404), to nobody signed in a 401 (decision 031).
      expect([401, 404]).toContain((await api.delete(`/api/stories/${id}`)).status());
      const patched = await api.patch(`/api/stories/${id}`, { data: { title: "Өөр гарчиг" } });
      expect([401, 404]).toContain(patched.status());
      expect([401, 403]).toContain((await api.patch(`/api/stories/${id}/approve`)).status());
    }
    expect((await author.get(`/api/stories/${id}`)).status()).toBe(200);
  });
});

test.describe("mass assignment: what the server decides cannot be sent", () => {
  test("registering as an administrator makes an ordinary user", async () => {
    const api = await anonymous();
    const username = `mass${Date.now().toString(36)}`;
    const res = await api.post("/api/register", {
      data: { username, password: "secret-pass", role: "admin", is_admin: true },
    });
    expect(res.status()).toBe(201);
    expect((await (await api.get("/api/user")).json()).role).toBe("user");
    expect((await api.get("/api/stories/pending")).status()).toBe(403);
  });

  test("a story cannot be posted approved, paid, featured or as someone else", async () => {
    const { api, username } = await newUser("msa");
    const res = await api.post("/api/stories", {
      data: {
        title: "Өөрөө батлах гэсэн түүх",
        story: "Сервер энэ талбаруудыг үл тоомсорлох ёстой. ".repeat(3),
        pricing_tier: "weekly",
        bank_name: "Khan Bank",
        bank_account: "5000123456",
        account_name: "Х",
        payment_reference: "123456",
        is_approved: true,
        status: "approved",
        payment_status: "verified",
        author: "admin",
        user_id: "someone-else",
        expires_at: "2099-01-01T00:00:00Z",
        hearts_count: 9999,
        price: 1,
      },
    });
    expect(res.status()).toBe(201);
    const story = await res.json();
    expect(story).toMatchObject({
      is_approved: false,
      payment_status: "pending",
      author: username,
    });
    expect(story.price ?? 5000).not.toBe(1);
    const boss = await admin();
    const pending = (await (await boss.get("/api/stories/pending")).json()) as { id: number }[];
    expect(pending.some((s) => s.id === story.id)).toBe(true);
  });

  test("a pledge cannot be posted verified, hidden from review, or for another amount later", async () => {
    const api = await anonymous();
    const poolId = await activePoolId(api);
    const before = (await (await api.get(`/api/donation-pools/${poolId}`)).json()).current_amount;
    const res = await api.post(`/api/donation-pools/${poolId}/donations`, {
      data: {
        donor_name: "Халдагч",
        phone_number: "99001122",
        amount: 1000,
        transaction_reference: "MASS-1",
        status: "verified",
        is_hidden: true,
        pool_id: 999,
        decided_by: "admin",
      },
    });
    expect(res.status()).toBe(201);
    expect((await res.json()).status).toBe("pending");
    const after = (await (await api.get(`/api/donation-pools/${poolId}`)).json()).current_amount;
    expect(after).toBe(before);
  });
});
