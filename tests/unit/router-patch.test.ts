import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { readConfig } from "@remix-run/dev/dist/config.js";
import type * as Router from "@remix-run/router";
import type { AgnosticRouteObject } from "@remix-run/router";
import * as browserBuild from "@remix-run/router/dist/router.js";
import { describe, expect, it } from "vitest";

/**
 * Decision 017: patches/@remix-run+router+*.patch makes the server's copy of the router (the
 * CommonJS build) flatten and rank a route tree once instead of on every match. The browser's
 * copy (the ES module build) is left as published, so it is the reference here: both must match
 * every path of this app's real route tree the same way.
 */
const require = createRequire(import.meta.url);
const serverRouterFile = require.resolve("@remix-run/router/dist/router.cjs.js");
const patched = require(serverRouterFile) as typeof Router;
const unpatched = browserBuild as unknown as typeof Router;

async function appRoutes(): Promise<AgnosticRouteObject[]> {
  const config = await readConfig(process.cwd());
  const manifest = Object.values(config.routes);
  const build = (parentId?: string): AgnosticRouteObject[] =>
    manifest
      .filter((r) => r.parentId === parentId)
      .map((r) => {
        const children = build(r.id);
        return r.index
          ? { id: r.id, index: true, path: r.path }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children };
      });
  return build(undefined);
}

/** Every route's full path with its parameters filled in, and paths that match nothing. */
function pathsOf(routes: AgnosticRouteObject[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const full = [parent, route.path ?? ""].filter(Boolean).join("/");
    const filled = `/${full.replace(/:[\w-]+\??/g, "42").replace(/\*$/, "any/thing")}`;
    return [filled.replace(/\/+/g, "/"), ...pathsOf(route.children ?? [], full)];
  });
}

const summary = (matches: ReturnType<typeof unpatched.matchRoutes>) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname })) ?? null;

describe("the patched route matching on the server", () => {
  it("is installed: postinstall applied the patch to the server's copy", () => {
    expect(readFileSync(serverRouterFile, "utf8")).toContain("rankedBranchesCache");
    expect(readFileSync(serverRouterFile, "utf8")).toContain("copyMatches");
  });

  it("matches every path of the app exactly as the published router does, also when cached", async () => {
    const routes = await appRoutes();
    const paths = [
      ...pathsOf(routes),
      "/",
      "/stories/abc",
      "/STORIES/7",
      "/stories/7/",
      "/nowhere/at/all",
      "/api/unknown",
      "/admin/payments/9",
    ];
    expect(paths.length).toBeGreaterThan(60);
    for (let round = 0; round < 2; round++) {
      for (const path of paths) {
        expect(summary(patched.matchRoutes(routes, path)), path).toEqual(
          summary(unpatched.matchRoutes(routes, path)),
        );
      }
    }
  });

  it("gives each caller its own copy of a kept match (decision 044)", () => {
    const routes: AgnosticRouteObject[] = [
      { id: "root", path: "/", children: [{ id: "story", path: "stories/:id" }] },
    ];
    const first = patched.matchRoutes(routes, "/stories/7")!;
    expect(first[0]!.params).toBe(first[1]!.params);
    (first[1]!.params as Record<string, string>).id = "changed";
    first[0]!.pathname = "/changed";
    first.pop();
    const again = patched.matchRoutes(routes, "/stories/7")!;
    expect(summary(again)).toEqual([
      { id: "root", params: { id: "7" }, pathname: "/" },
      { id: "story", params: { id: "7" }, pathname: "/stories/7" },
    ]);
    expect(patched.matchRoutes(routes, "/stories/8")?.[1]?.params).toEqual({ id: "8" });
    expect(patched.matchRoutes(routes, "/nothing")).toBeNull();
    expect(patched.matchRoutes(routes, "/nothing")).toBeNull();
  });

  it("keeps each route tree's branches apart", () => {
    const a: AgnosticRouteObject[] = [{ id: "a", path: "/x/:id" }];
    const b: AgnosticRouteObject[] = [{ id: "b", path: "/x/new" }];
    expect(patched.matchRoutes(a, "/x/new")?.[0]?.route.id).toBe("a");
    expect(patched.matchRoutes(b, "/x/new")?.[0]?.route.id).toBe("b");
    expect(patched.matchRoutes(a, "/x/new")?.[0]?.params).toEqual({ id: "new" });
  });

  it("sees routes discovered during a navigation (the one place a tree grows in place)", async () => {
    const router = patched.createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "home", index: true }] }],
      history: patched.createMemoryHistory(),
      patchRoutesOnNavigation: ({ path, patch }) => {
        if (path === "/late") patch("root", [{ id: "late", path: "late" }]);
      },
    });
    router.initialize();
    await router.navigate("/late");
    expect(router.state.errors).toBeNull();
    expect(router.state.matches.map((m) => m.route.id)).toEqual(["root", "late"]);
    router.dispose();
  });
});
