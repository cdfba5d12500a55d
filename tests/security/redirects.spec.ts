import { expect, test } from "@playwright/test";
import { anonymous, newUser } from "./helpers";

/** Issue 23, item 2, over HTTP: redirect targets from a request never leave the site. */

const PAYLOADS = [
  "/\t/evil.example",
  "/./\\evil.example",
  "/.//evil.example",
  "/../..//evil.example",
  "//evil.example",
  "https://evil.example",
  "/\\evil.example",
  "/x\ny",
  "/x\u3000y",
  "javascript:alert(1)",
];

function expectOnSite(location: string | undefined) {
  expect(location).toBeDefined();
  expect(location).toMatch(/^\/(?![/\\])/);
  expect(new URL(location!, "https://storyshare.mn").host).toBe("storyshare.mn");
}

test("the theme and language switches and sign-in go back only to this site", async () => {
  const api = await anonymous();
  for (const target of PAYLOADS) {
    for (const [path, form] of [
      ["/resources/theme", { theme: "dark", redirectTo: target }],
      ["/resources/language", { lng: "en", redirectTo: target }],
      ["/resources/light", { light: "1", redirectTo: target }],
    ] as const) {
      const res = await api.post(path, { form, maxRedirects: 0 });
      expect(res.status(), `${path} ${JSON.stringify(target)}`).toBe(302);
      expectOnSite(res.headers().location);
    }
  }
});

test("a signed-in visitor sent to /login?redirect= stays on the site", async () => {
  const { api } = await newUser("redir");
  for (const target of PAYLOADS) {
    const res = await api.get(`/login?redirect=${encodeURIComponent(target)}`, { maxRedirects: 0 });
    expect(res.status(), JSON.stringify(target)).toBe(302);
    expectOnSite(res.headers().location);
  }
});
