/**
 * The kill switch's worker (docs/operations.md, "Turning the offline worker off"): served at
 * /sw.js in place of the real one, it takes over at once, deletes every cache the site made (and
 * Workbox's database of when each file was used) and unregisters itself. It has no fetch handler, so from then on every request goes to the network
 * as if there had never been a worker. Pages still register /sw.js while the switch is on; they
 * get this worker again, which finds nothing to delete.
 */
import { WORKER_OFF } from "~/sw/kept";
import type { WorkerScope } from "~/sw/worker-types";

declare const self: WorkerScope;

self.addEventListener("install", (event) => {
  void self.skipWaiting();
  // Chromium activates this worker only once the old one is idle, which a busy page can put off
  // for minutes; so every open page is told as well, and unregisters and empties the store
  // itself (app/sw/client.ts).
  event.waitUntil(
    self.clients
      .matchAll({ type: "window", includeUncontrolled: true })
      .then((pages) => {
        for (const page of pages) page.postMessage({ type: WORKER_OFF });
      })
      .catch(() => undefined),
  );
});
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) await caches.delete(name);
      // Workbox's record of when each kept file was last used.
      indexedDB.deleteDatabase("workbox-expiration");
      await self.registration.unregister();
    })(),
  );
});
