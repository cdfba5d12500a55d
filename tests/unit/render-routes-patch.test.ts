import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * Decision 044: patches/@remix-run+react+*.patch and patches/react-router-dom+*.patch make the
 * server build a page's route tree once per build instead of on every render. The render then
 * hands the router the same tree each time, so the router's kept matching (decision 017) holds.
 */
const require = createRequire(import.meta.url);
const staticServer = require("react-router-dom/server") as typeof import("react-router-dom/server");

function handlerContext(routeId: string, pathname: string) {
  return {
    basename: "/",
    location: { pathname, search: "", hash: "", state: null, key: "default" },
    matches: [
      {
        params: {},
        pathname,
        pathnameBase: pathname,
        route: { id: routeId, path: pathname },
      },
    ],
    loaderData: {},
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    activeDeferreds: null,
  } as unknown as Parameters<typeof staticServer.createStaticRouter>[1];
}

describe("the server's route tree, made once", () => {
  it("is installed in both of Remix's server builds", () => {
    for (const file of ["@remix-run/react/dist/server.js", "@remix-run/react/dist/esm/server.js"])
      expect(readFileSync(require.resolve(file), "utf8"), file).toContain("serverRoutesCache");
  });

  it("converts a route tree given again once, and still matches each request's routes", () => {
    const routes = [
      { id: "home", path: "/" },
      { id: "about", path: "/about" },
    ];
    const first = staticServer.createStaticRouter(routes, handlerContext("home", "/"));
    const second = staticServer.createStaticRouter(routes, handlerContext("about", "/about"));
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.map((m) => m.route.id)).toEqual(["home"]);
    expect(second.state.matches.map((m) => m.route.id)).toEqual(["about"]);
    expect(second.state.matches[0]!.route).toBe(second.routes[1]);
  });

  it("converts another tree afresh", () => {
    const a = staticServer.createStaticRouter([{ id: "a", path: "/" }], handlerContext("a", "/"));
    const b = staticServer.createStaticRouter([{ id: "b", path: "/" }], handlerContext("b", "/"));
    expect(b.routes).not.toBe(a.routes);
    expect(b.routes[0]!.id).toBe("b");
  });
});
