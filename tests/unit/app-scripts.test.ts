import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { afterFirstPaint } from "~/components/scripts";

/** Remix's module script as it renders a page today (components.js, `routeModulesScript`). */
const REMIX_SCRIPT = `
import * as route0 from "/assets/root-B4Kr5CMz.js";
import * as route1 from "/assets/_index-Cg7tyy5n.js";
window.__remixManifest = {
  "url": "/assets/manifest-c8d76439.js"
};
window.__remixRouteModules = {"root":route0,"routes/_index":route1};

import("/assets/entry.client-g-MDz3RJ.js");`;

const PRELOADS = ["/assets/entry.client-g-MDz3RJ.js", "/assets/framework-Ap8yObeI.js"];

describe("the scripts start after the first paint", () => {
  it("turns the route imports into imports started after a frame, and adds the preloads then, a few per task", () => {
    const text = afterFirstPaint(REMIX_SCRIPT, PRELOADS)!;
    expect(text).not.toMatch(/^import \* as/m);
    expect(text.indexOf("requestAnimationFrame")).toBeLessThan(text.indexOf("import("));
    expect(text).toContain(JSON.stringify(PRELOADS));
    expect(text).toContain(
      'const modules = Promise.all([import("/assets/root-B4Kr5CMz.js"), import("/assets/_index-Cg7tyy5n.js")]);',
    );
    expect(text).toContain("const [route0, route1] = await modules;");
    // The preloads are inserted a few per task, not in one long one.
    expect(text).toContain(
      "for (let i = 0; i < all.length; i += 8) { await new Promise((go) => setTimeout(go));",
    );
    expect(text).toContain('window.__remixRouteModules = {"root":route0,"routes/_index":route1};');
    expect(text).toContain('import("/assets/entry.client-g-MDz3RJ.js");');
    // It is still one valid module: async function bodies accept the same statements.
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
    expect(() => new AsyncFunction(text.replaceAll(/\bimport\(/g, "load("))).not.toThrow();
  });

  it("leaves a script of another shape as it is", () => {
    expect(afterFirstPaint(`import "/assets/manifest.js";\n${REMIX_SCRIPT}`, PRELOADS)).toBeNull();
    expect(afterFirstPaint(" ", PRELOADS)).toBeNull();
  });

  it("Remix still writes its module script in that shape (a new version must be checked)", () => {
    const source = readFileSync("node_modules/@remix-run/react/dist/esm/components.js", "utf8");
    // Remix's template literal, written here without one.
    expect(source).toContain(
      [
        "`import * as route$",
        "{index} from $",
        "{JSON.stringify(manifest.routes[match.route.id].module)};`",
      ].join(""),
    );
    expect(source).toContain('rel: "modulepreload"');
  });
});
