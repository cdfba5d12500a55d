/** Issue 8's budgets, checked against one run's figures. */
import type { BenchResults, BudgetResult } from "./types";

const HOME_JS_LIMIT = 120 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (ratio: number) => `${Math.round(ratio * 100)} %`;

/**
 * The figures of the deployment docs/deployment.md describes: anonymous pages through the shared
 * cache (when the run had nginx), signed-in pages from the app server, which the cache passes on.
 */
function asDeployed(r: BenchResults) {
  const cached = (path: string) =>
    r.routes.some((m) => m.via === "cache" && m.path === path && !m.signedIn);
  return r.routes.filter((m) => m.signedIn || m.via === "cache" || !cached(m.path));
}

export function evaluateBudgets(r: BenchResults): BudgetResult[] {
  const budgets: BudgetResult[] = [];
  const deployed = asDeployed(r);
  for (const route of deployed) {
    const floor = route.signedIn ? 0.05 : 0.5;
    budgets.push({
      budget: `${route.name}: share of the static ceiling`,
      limit: `≥ ${pct(floor)}`,
      measured: pct(route.ratioToStatic),
      met: route.ratioToStatic >= floor && route.non2xx === 0 && route.errors === 0,
    });
  }
  for (const route of deployed) {
    budgets.push({
      budget: `${route.name}: p99 at ${r.settings.connections} connections`,
      limit: "< 50 ms",
      measured: `${route.p99} ms`,
      met: route.p99 < 50,
    });
  }
  budgets.push({
    budget: `home at ${r.settings.stories} stories vs at 100: cost ratio`,
    limit: "≤ 1.2",
    measured: String(r.growth.costRatio),
    met: r.growth.costRatio <= 1.2,
  });
  const home = r.pageWeight.routes.find((w) => w.route === "/");
  if (home) {
    budgets.push({
      budget: "home JS, gzip",
      limit: `≤ ${kb(HOME_JS_LIMIT)}`,
      measured: kb(home.jsGzip),
      met: home.jsGzip <= HOME_JS_LIMIT,
    });
  }
  for (const page of r.lighthouse) {
    const name = new URL(page.url).pathname;
    budgets.push({
      budget: `Lighthouse performance ${name}`,
      limit: "≥ 95",
      measured: String(page.performance),
      met: page.performance >= 95,
    });
    budgets.push({
      budget: `Lighthouse accessibility ${name}`,
      limit: "100",
      measured: String(page.accessibility),
      met: page.accessibility === 100,
    });
  }
  return budgets;
}
