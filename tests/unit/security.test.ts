import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isSameOrigin } from "~/http/http.server";
import { safeRedirect } from "~/http/redirect.server";

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

describe("redirect targets (one rule: the WHATWG parser, same origin, the normalised path)", () => {
  it("keeps same-site paths, with their query and hash", () => {
    for (const [given, expected] of [
      ["/post-story", "/post-story"],
      ["/stories/all?page=2", "/stories/all?page=2"],
      ["/stories/7#comments", "/stories/7#comments"],
      ["/stories/./7", "/stories/7"],
      ["/a/../stories", "/stories"],
      ["/search?q=хандив", "/search?q=%D1%85%D0%B0%D0%BD%D0%B4%D0%B8%D0%B2"],
    ]) {
      expect(safeRedirect(given), given).toBe(expected);
    }
  });

  // Open-redirect payloads from the literature (OWASP, PayloadsAllTheThings) and issue 23.
  const leaving = [
    "https://evil.example",
    "http://evil.example/path",
    "//evil.example",
    "///evil.example",
    "////evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "\t//evil.example",
    "/./\\evil.example",
    "/.//evil.example",
    "/../..//evil.example",
    "/..//evil.example",
    "https:evil.example",
    "https:/evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example@storyshare.mn",
    "http://storyshare.invalid@evil.example",
    "//evil%2Eexample",
    "",
    "   ",
    null,
    undefined,
  ];
  it.each(leaving.map((v) => [JSON.stringify(v), v]))("%s falls back to /", (_, bad) => {
    expect(safeRedirect(bad as string | null | undefined)).toBe("/");
  });

  // Whatever comes in, what goes out is a same-site path that a browser cannot read as another
  // host, and a valid header value (no 500 for a newline or an ideographic space).
  const odd = [
    "/%2f%2fevil.example",
    "\\evil.example",
    "\u3000//evil.example",
    "/%5cevil.example",
    "/%09/evil.example",
    "/foo\u3000bar",
    "/foo\u00a0bar",
    "/line\r\nSet-Cookie: x=1",
    "/\u0000evil",
    "relative/path",
    "?q=1",
    "#top",
    "/ok?next=//evil.example",
  ];
  it.each([...leaving, ...odd].map((v) => [JSON.stringify(v), v]))(
    "%s: a safe Location",
    (_, v) => {
      const target = safeRedirect(v as string | null | undefined);
      expect(target).toMatch(/^\/(?![/\\])/);
      expect(target).toMatch(/^[\x21-\x7e]+$/);
      expect(() => new Headers({ Location: target })).not.toThrow();
      expect(new URL(target, "https://storyshare.mn").origin).toBe("https://storyshare.mn");
    },
  );
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
        /export const action = \(args: ActionFunctionArgs\) =>\s*((screenAction|resourceAction|apiAction|adminAction|methodNotAllowed)\(\s*args,|\w+\.action\(args\);)/,
      );
      // A declared /api route (app/api/): its action is the declaration's, which is apiAction.
      if (/\w+\.action\(args\);/.test(source))
        expect(source).toMatch(/from "~\/api\/[\w-]+\.server"/);
    });
  }

  it("a declared /api resource's writes go through apiAction", () => {
    const source = readFileSync(path.resolve("app/api/resource.server.ts"), "utf8");
    expect(source).toMatch(/else\s+answer = await apiAction\(args, allow,/);
  });

  it("adminAction is screenAction with the administrator check", () => {
    const source = readFileSync(path.resolve("app/web/admin.server.ts"), "utf8");
    expect(source).toMatch(/return screenAction\(args, async/);
    expect(source).toMatch(/await requireAdmin\(request\)/);
  });
});
