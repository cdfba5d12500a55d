/**
 * What a reader's phone downloads (issue 44): bytes over the network for a first visit, for a
 * repeat visit once the service worker and the browser's cache hold what they keep, and for a
 * first visit in light mode (`Save-Data: on`); and whether Chromium finds the site installable
 * (Lighthouse 12 dropped its PWA category, so the bench asks Chromium itself, as that audit did).
 */
import { type BrowserContext, chromium } from "@playwright/test";

export interface VisitWeight {
  path: string;
  /** Bytes over the network (headers and bodies, as sent), and the number of requests. */
  first: { bytes: number; requests: number };
  repeat: { bytes: number; requests: number; fromWorker: number };
  light: { bytes: number; requests: number };
}

export interface VisitWeights {
  pages: VisitWeight[];
  /** Chromium's reasons against installing (none: installable), bar the private window's own. */
  installabilityErrors: string[];
  /** Whether a service worker controlled the repeat visit. */
  workerControlled: boolean;
}

/** Counts what the context fetches from the network while `visit` runs. */
async function counted(context: BrowserContext, visit: () => Promise<void>) {
  let bytes = 0;
  let requests = 0;
  let fromWorker = 0;
  const pending: Promise<void>[] = [];
  const onFinished = (request: import("@playwright/test").Request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        // Answered by the worker (from its store, or by its own fetch, which is counted apart).
        if (response?.fromServiceWorker()) {
          fromWorker += 1;
          return;
        }
        const sizes = await request.sizes().catch(() => null);
        if (!sizes) return;
        requests += 1;
        bytes += sizes.responseHeadersSize + sizes.responseBodySize;
      })(),
    );
  };
  context.on("requestfinished", onFinished);
  try {
    await visit();
    await Promise.all(pending);
  } finally {
    context.off("requestfinished", onFinished);
  }
  return { bytes, requests, fromWorker };
}

async function open(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  return page;
}

export async function measureVisits(
  base: string,
  paths: string[],
  chromePath: string,
): Promise<VisitWeights> {
  const browser = await chromium.launch({ executablePath: chromePath });
  const pages: VisitWeight[] = [];
  let installabilityErrors: string[] = [];
  let workerControlled = false;
  try {
    for (const path of paths) {
      const url = `${base}${path}`;
      const context = await browser.newContext({ serviceWorkers: "allow" });
      const first = await counted(context, async () => {
        const page = await open(context, url);
        // The worker installs (and keeps what it keeps) after the first load.
        await page
          .evaluate(() =>
            "serviceWorker" in navigator
              ? Promise.race([
                  navigator.serviceWorker.ready.then(() => true),
                  new Promise((resolve) => setTimeout(() => resolve(false), 5_000)),
                ])
              : false,
          )
          .catch(() => false);
        await page.waitForTimeout(1_000);
        await page.close();
      });
      const repeat = await counted(context, async () => {
        const page = await open(context, url);
        workerControlled ||= await page.evaluate(() =>
          Boolean(navigator.serviceWorker?.controller),
        );
        if (path === "/") {
          const cdp = await context.newCDPSession(page);
          const { installabilityErrors: errors } = (await cdp.send(
            "Page.getInstallabilityErrors",
          )) as { installabilityErrors: { errorId: string }[] };
          installabilityErrors = errors.map((e) => e.errorId).filter((id) => id !== "in-incognito");
        }
        await page.close();
      });
      await context.close();
      const lightContext = await browser.newContext({
        serviceWorkers: "block",
        extraHTTPHeaders: { "Save-Data": "on" },
      });
      const light = await counted(lightContext, async () => {
        (await open(lightContext, url)).close();
      });
      await lightContext.close();
      pages.push({
        path,
        first: { bytes: first.bytes, requests: first.requests },
        repeat,
        light: { bytes: light.bytes, requests: light.requests },
      });
    }
  } finally {
    await browser.close();
  }
  return { pages, installabilityErrors, workerControlled };
}
