import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/auth.server";
import { isSameOrigin } from "~/utils/http.server";

const req = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/x", {
    method: "POST",
    headers: { host: "localhost:3000", ...headers },
  });

describe("same-origin check (CSRF)", () => {
  it("accepts the site's own origin and requests from scripts", () => {
    expect(isSameOrigin(req({ origin: "http://localhost:3000" }))).toBe(true);
    expect(isSameOrigin(req({ "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOrigin(req({}))).toBe(true); // curl: no cookies of a victim to abuse
  });

  it("refuses other sites, sibling subdomains and opaque origins", () => {
    expect(isSameOrigin(req({ origin: "https://evil.example" }))).toBe(false);
    expect(isSameOrigin(req({ origin: "http://localhost:3001" }))).toBe(false);
    expect(isSameOrigin(req({ origin: "null" }))).toBe(false);
    expect(isSameOrigin(req({ "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isSameOrigin(req({ "sec-fetch-site": "same-site" }))).toBe(false);
  });
});

describe("redirect after sign-in", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirect("/post-story")).toBe("/post-story");
    expect(safeRedirect("/stories/all?page=2")).toBe("/stories/all?page=2");
  });
  it("falls back to / for anything that could leave the site", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirect(bad)).toBe("/");
    }
  });
});

describe("every action goes through one of the action wrappers of route.server.ts", () => {
  // The wrappers hold the same-origin check; an action that skips them would skip it. They are
  // called inside an arrow function: a module-level call would break the browser bundle. An /api
  // route that takes no writes answers them with methodNotAllowed, which changes nothing.
  const dir = path.resolve("app/routes");
  const files = readdirSync(dir).filter((f) => /\.(ts|tsx)$/.test(f));
  for (const file of files) {
    const source = readFileSync(path.join(dir, file), "utf8");
    if (!/export (const|async function|function) action\b/.test(source)) continue;
    it(file, () => {
      expect(source).toMatch(
        /export const action = \(args: ActionFunctionArgs\) =>\s*(screenAction|resourceAction|apiAction|adminAction|methodNotAllowed)\(\s*args,/,
      );
    });
  }

  it("adminAction is screenAction with the administrator check", () => {
    const source = readFileSync(path.resolve("app/utils/admin.server.ts"), "utf8");
    expect(source).toMatch(/return screenAction\(args, async/);
    expect(source).toMatch(/await requireAdmin\(request\)/);
  });
});
