import type { Language } from "~/constants";
import {
  CACHES,
  emptyIndex,
  INDEX_URL,
  type OfflineIndex,
  parseIndex,
  type ToWorker,
  WORKER_OFF,
} from "~/sw/kept";

/**
 * The pages' side of the offline worker (decision 066): registering it, asking it things, and
 * reading its list of saved and recent stories. Browser only; every call is safe where service
 * workers do not exist (it does nothing, or answers null).
 */

export const workersExist = () => typeof navigator !== "undefined" && "serviceWorker" in navigator;

/**
 * Registers /sw.js (scope "/"). Through the HTTP cache: the script is served `no-cache` with an
 * ETag, so a check costs a 304 rather than the whole script.
 */
export async function registerWorker(): Promise<void> {
  if (!workersExist()) return;
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === WORKER_OFF) void turnOff();
  });
  // Messages from a worker that does not control this page (the kill switch's, installing).
  navigator.serviceWorker.startMessages();
  await navigator.serviceWorker
    .register("/sw.js", { scope: "/", updateViaCache: "all" })
    .catch(() => undefined);
}

/** The kill switch (docs/operations.md), from the page's side: what app/sw/off.ts does. */
async function turnOff() {
  await (await navigator.serviceWorker.getRegistration("/"))?.unregister().catch(() => false);
  for (const name of await caches.keys()) await caches.delete(name);
  indexedDB.deleteDatabase("workbox-expiration");
}

/** The active worker, once there is one; null where there never will be. */
async function activeWorker(): Promise<ServiceWorker | null> {
  if (!workersExist()) return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  if (!registration) return null;
  return (await navigator.serviceWorker.ready).active;
}

/** Whether a worker runs for this site (the save button shows only then). */
export async function workerActive(): Promise<boolean> {
  return (await activeWorker().catch(() => null)) !== null;
}

/** Tells the worker something; no answer. */
export async function tellWorker(message: ToWorker): Promise<void> {
  (await activeWorker().catch(() => null))?.postMessage(message);
}

/** Asks the worker; null when there is none or it does not answer within `ms`. */
export function askWorker<T>(message: ToWorker, ms = 30_000): Promise<T | null> {
  return new Promise<T | null>((resolve) => {
    // From the start: a worker still installing may never become active.
    const timer = setTimeout(() => resolve(null), ms);
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data as T);
    };
    void activeWorker()
      .catch(() => null)
      .then((worker) => {
        if (worker) worker.postMessage(message, [channel.port2]);
        else {
          clearTimeout(timer);
          resolve(null);
        }
      });
  });
}

const CHECKED_KEY = "storyshare:sw-checked";
/** How often a page asks whether /sw.js changed (the kill switch acts within this). */
const CHECK_MS = 60 * 60_000;

/**
 * Tells the worker the page's language (the offline page it shows comes in it) and the page it
 * came in on (a list is kept from then on). Browsers look for a new script only once a day by
 * themselves: a page asks at once when its build is not the worker's, and otherwise once an hour.
 */
export async function greetWorker(lang: Language): Promise<void> {
  const page = `${location.pathname}${location.search}`;
  const reply = await askWorker<{ version: string }>({ type: "hello", lang, page }, 5_000);
  if (!reply) return;
  const build = (window as { __remixManifest?: { version?: string } }).__remixManifest?.version;
  try {
    const checked = Number(localStorage.getItem(CHECKED_KEY)) || 0;
    if (reply.version === build && Date.now() - checked < CHECK_MS) return;
    localStorage.setItem(CHECKED_KEY, String(Date.now()));
  } catch {}
  const registration = await navigator.serviceWorker.getRegistration("/");
  await registration?.update().catch(() => undefined);
}

/** The saved and recent stories, read where the worker keeps them. */
export async function readOffline(): Promise<OfflineIndex> {
  if (typeof caches === "undefined") return emptyIndex();
  try {
    const kept = await (await caches.open(CACHES.index)).match(INDEX_URL);
    return kept ? parseIndex(await kept.json()) : emptyIndex();
  } catch {
    return emptyIndex();
  }
}

/** The pages this device keeps (paths): stories read or saved, the lists, the offline pages. */
export async function keptPages(): Promise<Set<string>> {
  const index = await readOffline();
  const paths = new Set<string>(["/offline", "/saved"]);
  for (const story of [...index.recent, ...index.saved]) paths.add(story.path);
  try {
    for (const request of await (await caches.open(CACHES.lists)).keys())
      paths.add(new URL(request.url).pathname);
  } catch {}
  return paths;
}

/** Keeps the saved stories through storage pressure where the browser grants it. */
export function askToPersist(): void {
  navigator.storage?.persist?.().catch(() => undefined);
}
