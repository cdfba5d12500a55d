/** Lighthouse with its default mobile preset, in Debian's Chromium (no browser download). */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

/** Performance varies run to run on a shared machine: Lighthouse's advice is the median of several. */
const RUNS = 3;

export interface LighthouseScores {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

export async function runLighthouse(urls: string[], chromePath: string) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const scores: LighthouseScores[] = [];
  try {
    for (const url of urls) {
      const runs: LighthouseScores[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        const c = result?.lhr.categories;
        const score = (key: string) => Math.round((c?.[key]?.score ?? 0) * 100);
        runs.push({
          url,
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
        });
      }
      runs.sort((a, b) => a.performance - b.performance);
      scores.push(runs[Math.floor(RUNS / 2)]!);
    }
  } finally {
    chrome.kill();
  }
  return scores;
}
