import { resolveConfig } from "vite";
import { describe, expect, it } from "vitest";
import remixOptions from "../../remix.config.js";

/**
 * remix.config.js is the one home of Remix's own options (issue 40): the options Remix actually
 * builds with, as vite.config.ts hands them to its plugin, must be exactly those.
 */
describe("remix.config.js", () => {
  it("is what the Vite build gives Remix", async () => {
    const config = await resolveConfig(
      { configFile: "vite.config.ts", logLevel: "silent" },
      "build",
      "production",
    );
    const resolved = (
      config as unknown as { __remixPluginContext: { remixConfig: Record<string, unknown> } }
    ).__remixPluginContext.remixConfig;
    expect(resolved.future).toMatchObject(remixOptions.future ?? {});
    const routes = Object.values(resolved.routes as Record<string, { file: string }>).map(
      (r) => r.file,
    );
    // The ignored files really are ignored, and the routes are found where the options say.
    expect(routes.some((file) => /(^|\/)\.|\.test\.tsx?$/.test(file))).toBe(false);
    expect(routes).toContain("routes/_index.tsx");
  }, 60_000);

  it("vite.config.ts states no Remix option of its own", async () => {
    const { readFileSync } = await import("node:fs");
    const source = readFileSync("vite.config.ts", "utf8");
    expect(source).toContain("remix(remixConfig)");
    expect(source).not.toMatch(/v3_|ignoredRouteFiles/);
  });
});
