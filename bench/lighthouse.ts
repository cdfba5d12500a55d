/** Lighthouse with its default mobile preset, in Debian's Chromium (no browser download). */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startScriptlessProxy } from "./scriptless-proxy";
import { percentile } from "./stats";

/**
 * Performance varies run to run on a shared machine: Lighthouse's advice is the median of several.
 * Five, as on this host one page moves ±150 ms of blocking time from run to run (decision 041).
 */
const RUNS = 5;

export interface LighthouseScores {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /**
   * The same page without its module scripts, measured between the runs of the page as served
   * (median): what this host scores for the document alone (decision 045).
   */
  withoutScripts: number;
  /** Lighthouse's measure of the host's CPU (median of every run): 1,500–2,000 a high-end desktop. */
  benchmarkIndex: number;
}

export async function runLighthouse(urls: string[], chromePath: string) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const scriptless = await startScriptlessProxy(new URL(urls[0]!).origin);
  const run = async (url: string, categories: string[]) => {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: categories,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const c = result.lhr.categories;
    const score = (key: string) => Math.round((c[key]?.score ?? 0) * 100);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
    };
  };
  const scores: LighthouseScores[] = [];
  try {
    for (const url of urls) {
      const served: Awaited<ReturnType<typeof run>>[] = [];
      const bare: Awaited<ReturnType<typeof run>>[] = [];
      // Interleaved, so that both see the host in the same minutes.
      for (let i = 0; i < RUNS; i++) {
        served.push(await run(url, ["performance", "accessibility", "best-practices", "seo"]));
        bare.push(await run(scriptless.url(new URL(url).pathname), ["performance"]));
      }
      const byScore = (a: { performance: number }, b: { performance: number }) =>
        a.performance - b.performance;
      const { benchmarkIndex: _, ...typical } = percentile(served.sort(byScore), 50);
      scores.push({
        url,
        ...typical,
        withoutScripts: percentile(bare.sort(byScore), 50).performance,
        benchmarkIndex: Math.round(
          percentile(
            [...served, ...bare].map((r) => r.benchmarkIndex).sort((a, b) => a - b),
            50,
          ),
        ),
      });
    }
  } finally {
    await scriptless.close();
    chrome.kill();
  }
  return scores;
}
