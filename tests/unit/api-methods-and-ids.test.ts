/// <reference types="vite/client" />
import { beforeAll, describe, expect, it } from "vitest";
import { seed } from "#db/seed";
import { RESOURCES } from "~/api/index.server";
import type { Methods } from "~/web/route.server";
import { ORIGIN, type RouteArgs, routeArgs, signInAs } from "./helpers";

/**
 * Issue 23, item 6: every /api route answers a method it does not take with 405, `Allow`, the
 * contract's JSON error and the usual headers; a path id that cannot be an id is a 404 in the
 * contract's JSON, never a 500.
 */

type Handler = (args: RouteArgs) => Promise<Response>;
interface ApiModule {
  loader?: Handler;
  action?: Handler;
}
const modules = import.meta.glob<ApiModule>("../../app/routes/api.*.ts", { eager: true });
/** `api.stories.$id.ts` → /api/stories/{id}, the path its declaration names. */
const declaredPath = (file: string) =>
  `/${file
    .replace(/\.ts$/, "")
    .replace(/\[\.\]/g, "%DOT%")
    .replace(/\./g, "/")
    .replace(/%DOT%/g, ".")
    .replace(/\$(\w+)/g, "{$1}")}`;
/** The methods a route takes, from its declaration (issue 24: every /api route has one). */
const allowOf = (file: string): Methods | undefined =>
  RESOURCES.find((r) => r.path === declaredPath(file))?.allow;
const sources = import.meta.glob<string>("../../app/routes/api.*.ts", {
  query: "?raw",
  import: "default",
  eager: true,
});
const files = Object.entries(modules).map(([key, mod]) => [key.replace(/^.*\//, ""), mod] as const);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

let admin = "";
beforeAll(async () => {
  await seed();
  admin = await signInAs("admin", "test-admin-password");
});

/** The route's path with its parameters filled in: `api.stories.$id.ts` → /api/stories/1. */
function pathOf(file: string, params: Record<string, string>) {
  return `/${file
    .replace(/\.ts$/, "")
    .replace(/\[\.\]/g, "%DOT%")
    .replace(/\./g, "/")
    .replace(/%DOT%/g, ".")
    .replace(/\$(\w+)/g, (_, p: string) => encodeURIComponent(params[p] ?? "1"))}?lng=en`;
}

async function call(mod: ApiModule, method: string, path: string, params = {}, cookie = "") {
  const headers = new Headers({
    host: "localhost:3000",
    origin: ORIGIN,
    "content-type": "application/json",
  });
  if (cookie) headers.set("cookie", cookie);
  const body = method === "GET" ? undefined : "{}";
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body });
  const fn = method === "GET" ? mod.loader : mod.action;
  expect(fn, `${path} exports a ${method === "GET" ? "loader" : "action"}`).toBeTypeOf("function");
  try {
    return await fn!(routeArgs(request, params));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("methods an /api route does not take", () => {
  for (const [file, mod] of files) {
    it(`${file}: 405 with Allow, the JSON error and the security headers`, async () => {
      const allow = allowOf(file);
      expect(allow, `${file} is declared`).toBeDefined();
      for (const method of METHODS.filter((m) => !allow!.includes(m))) {
        const res = await call(mod, method, pathOf(file, {}), {}, admin);
        expect(res.status, `${method} ${file}`).toBe(405);
        expect(res.headers.get("Allow")).toBe(allow!.join(", "));
        expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
        expect(res.headers.get("Content-Type")).toContain("application/json");
        expect(await res.json()).toEqual({ error: "This method is not allowed here." });
      }
    });
  }
});

describe("path ids that cannot be ids", () => {
  const bad = ["abc", "1e3", "-1", "0", "0x10", "1.5", "99999999999999999999", " 1"];
  for (const [file, mod] of files.filter(([f]) => /\$(id|donationId)/.test(f))) {
    it(`${file}: 404 with the contract's JSON error`, async () => {
      for (const method of allowOf(file) ?? []) {
        for (const param of ["id", "donationId"].filter((p) => file.includes(`$${p}`))) {
          for (const value of bad) {
            const params = { id: "1", donationId: "1", [param]: value };
            const res = await call(mod, method, pathOf(file, params), params, admin);
            expect(res.status, `${method} ${file} ${param}=${value}`).toBe(404);
            const body = (await res.json()) as { error?: unknown };
            expect(typeof body.error).toBe("string");
            expect(body.error).not.toMatch(/^[\w:]+\.[\w.]+$/); // translated, not a key
          }
        }
      }
    });
  }
});

describe("route modules", () => {
  it("check no method and parse no id by hand: the declaration does both", () => {
    expect(Object.keys(sources).length).toBe(files.length);
    for (const [key, source] of Object.entries(sources)) {
      expect(source, key).not.toMatch(/request\.method|Number\(params|ALLOW/);
    }
  });
});
