import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { activePoolId, admin, anonymous, newUser } from "./helpers";

/**
 * Hostile input: malformed, nested and oversized bodies, hostile numbers and paths, uploads that
 * lie — each answered with a clear 4xx, never a 5xx, and nothing stored.
 */

const pledge = (amount: unknown, extra: Record<string, unknown> = {}) => ({
  donor_name: "Тест",
  phone_number: `99${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`,
  amount,
  transaction_reference: "HOSTILE-1",
  ...extra,
});

test.describe("bodies", () => {
  test("malformed, deeply nested and oversized JSON: 400 / 413, nothing stored", async () => {
    const api = await anonymous();
    const poolId = await activePoolId(api);
    const path = `/api/donation-pools/${poolId}/donations`;
    const count = async () =>
      Number(
        (await (await admin()).get("/api/donation-pools/pending-donations")).headers()[
          "x-total-count"
        ],
      );
    const before = await count();
    const raw = (body: string, type = "application/json") =>
      api.post(path, { headers: { "content-type": type }, data: body });
    expect((await raw("{not json")).status()).toBe(400);
    expect((await raw('{"amount": 1000')).status()).toBe(400);
    expect((await raw("[1,2,3]")).status()).toBe(400);
    expect((await raw("null")).status()).toBe(400);
    expect((await raw(`${"[".repeat(30_000)}${"]".repeat(30_000)}`)).status()).toBe(400);
    expect((await raw(`{"a":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`)).status()).toBe(400);
    expect(
      (await raw(JSON.stringify({ ...pledge(1000), message: "x".repeat(70_000) }))).status(),
    ).toBe(413);
    expect((await raw("donor_name=x", "text/plain")).status()).toBe(415);
    // A number JSON can write but JavaScript cannot hold (it parses as Infinity).
    const infinite = JSON.stringify(pledge(1000)).replace('"amount":1000', '"amount":1e309');
    expect((await raw(infinite)).status()).toBe(400);
    expect(await count()).toBe(before);
  });

  test("hostile numbers for amounts: refused with a message, nothing stored", async () => {
    const api = await anonymous();
    const poolId = await activePoolId(api);
    for (const amount of [
      0,
      -100,
      50.5,
      Number.MAX_VALUE,
      "1e309",
      "100abc",
      "NaN",
      null,
      [],
      {},
      9e15,
      "0x100",
      true,
    ]) {
      const res = await api.post(`/api/donation-pools/${poolId}/donations`, {
        data: pledge(amount),
      });
      expect(res.status(), JSON.stringify(amount)).toBe(400);
      const body = await res.json();
      expect(body.error, JSON.stringify(amount)).toBeTruthy();
    }
    const goal = await (await admin()).post("/api/donation-pools", {
      data: {
        name: "Муу зорилго",
        description: "Сөрөг зорилттой сан үүсгэх оролдлого.",
        goal_amount: -5000,
        bank_name: "Khan Bank",
        bank_account: "5000123456",
        account_name: "Х",
      },
    });
    expect(goal.status()).toBe(400);
  });

  test("form bodies that are too large are refused before they are read", async () => {
    const api = await anonymous();
    const res = await api.post("/login", {
      form: { username: "x".repeat(300_000), password: "y" },
      maxRedirects: 0,
    });
    expect(res.status()).toBeGreaterThanOrEqual(400);
    expect(res.status()).toBeLessThan(500);
  });

  test("a screen posted JSON, text or a broken multipart body: 415 / 400, never a 500", async () => {
    const api = await anonymous();
    for (const path of ["/login", "/forgot-password", "/resources/theme", "/donate"]) {
      const raw = (type: string, data: string) =>
        api.post(path, { headers: { "content-type": type }, data, maxRedirects: 0 });
      const json = await raw("application/json", '{"username":"x","password":"y"}');
      expect(json.status(), `${path} JSON`).toBe(415);
      expect(await json.text(), `${path} JSON`).not.toMatch(/TypeError|at \w+ \(/);
      expect((await raw("text/plain", "theme=dark")).status(), `${path} text`).toBe(415);
      const cut = '--xyz\r\nContent-Disposition: form-data; name="username"\r\n\r\nx';
      expect(
        (await raw("multipart/form-data; boundary=xyz", cut)).status(),
        `${path} broken multipart`,
      ).toBe(400);
    }
  });
});

test.describe("paths", () => {
  test("hostile paths are 4xx, never a file outside the site or a 5xx", async () => {
    const api = await anonymous();
    for (const path of [
      "/media/..%2f..%2f..%2fetc%2fpasswd",
      "/media/../../etc/passwd",
      "/media/%00",
      "/stories/1%27%20OR%201=1--",
      "/stories/-1",
      "/stories/99999999999999999999999",
      "/donation-pools/abc/donate",
      "/donations/..%2f..%2f",
      `/${"a".repeat(4000)}`,
      "/api/stories/regular?page=-5",
      "/api/stories/regular?page=1e309",
      "/stories/all?page=%00",
    ]) {
      const res = await api.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBeLessThan(500);
      expect(await res.text(), path).not.toContain("root:x:0:0");
    }
  });
});

test.describe("uploads", () => {
  const storyWith = (story_image: string) => ({
    title: "Зурагтай түүх",
    story: "Зургийн шалгалт хийх түүх. ".repeat(3),
    pricing_tier: "free",
    bank_name: "Khan Bank",
    bank_account: "5000123456",
    story_image,
  });
  const dataUrl = (type: string, bytes: Buffer) =>
    `data:${type};base64,${bytes.toString("base64")}`;

  test("files that lie about their type, SVG with script, bombs and truncated images: 4xx, nothing stored", async () => {
    const { api } = await newUser("upl");
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    // A PNG whose header claims 60000 × 60000 pixels (a decompression bomb).
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    const cases: [string, string][] = [
      ["text as png", dataUrl("image/png", Buffer.from("hello, I am not an image"))],
      [
        "html as jpeg",
        dataUrl("image/jpeg", Buffer.from("<html><script>alert(1)</script></html>")),
      ],
      [
        "svg with script",
        dataUrl(
          "image/svg+xml",
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        ),
      ],
      ["pixel bomb", dataUrl("image/png", bomb)],
      ["truncated png", dataUrl("image/png", png.subarray(0, 30))],
      ["not base64", "data:image/png;base64,@@@@"],
    ];
    for (const [name, image] of cases) {
      const res = await api.post("/api/stories", { data: storyWith(image) });
      expect(res.status(), name).toBeGreaterThanOrEqual(400);
      expect(res.status(), name).toBeLessThan(500);
    }
    // Nothing of it became a story.
    const mine = await (await api.get("/api/user")).json();
    expect(mine.username).toMatch(/^upl/);
  });

  test("oversize bodies: base64 in JSON and multipart files are refused with 413", async () => {
    const { api } = await newUser("big");
    const huge = `data:image/png;base64,${Buffer.alloc(20 * 1024 * 1024 + 100 * 1024).toString("base64")}`;
    const json = await api.post("/api/stories", { data: storyWith(huge) });
    expect(json.status(), await json.text()).toBe(413);
    const boss = await admin();
    const multipart = await boss.post("/api/donation-pools", {
      multipart: {
        name: "Том файл",
        description: "Хэт том зураг илгээх оролдлого.",
        goal_amount: "100000",
        bank_name: "Khan Bank",
        bank_account: "5000123456",
        account_name: "Х",
        photo_1: { name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(21 * 1024 * 1024) },
      },
    });
    expect(multipart.status()).toBe(413);
  });
});
