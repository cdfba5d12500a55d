/**
 * StoryShare's service worker (decision 066): read anywhere. Built by scripts/build-sw.mjs into
 * build/sw.js with the build's file list, served at /sw.js (app/routes/sw[.]js.ts).
 *
 * - The files every page needs are precached with each build (Workbox); scripts met while
 *   reading are kept as they come.
 * - Stories: from the network first; the last 20 read and the saved ones open without it, as a
 *   document or as a client navigation's data. The home page and the lists: their last copy.
 * - Everything else, the signed-in pages, the admin, /api and the donation flow above all, is
 *   never kept nor answered from the store: without a network it is the offline page.
 */
import { clientsClaim, setCacheNameDetails } from "workbox-core";
import { CacheExpiration, ExpirationPlugin } from "workbox-expiration";
import { precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { LANGUAGES, type Language } from "~/constants";
import { OFFLINE_COPY_HEADER } from "~/lib/read-event";
import {
  CACHES,
  emptyIndex,
  INDEX_URL,
  isLanguage,
  type KeptStory,
  type OfflineIndex,
  parseIndex,
  phoneFor,
  type SaveReply,
  type StoryAsked,
  type ToWorker,
  withoutSaved,
  withRecent,
  withSaved,
} from "~/sw/kept";
import {
  ageOf,
  dataPath,
  FETCHED_AT,
  keepKey,
  mayAnswerFromStore,
  mayKeep,
  offlineHref,
  type PageKind,
  pageKind,
  pageOf,
  SHELL_PAGES,
  storyKeys,
} from "~/sw/rules";
import { actionOffline, reloadDocument } from "~/sw/single-fetch";
import type {
  ExtendableEvent,
  ExtendableMessageEvent,
  FetchEvent,
  WorkerScope,
} from "~/sw/worker-types";

declare const self: WorkerScope;
/** Written in by the build: its version (the route manifest's) and the files to precache. */
declare const __OFFLINE_BUILD__: {
  version: string;
  precache: { url: string; revision: string | null }[];
};
const BUILD = __OFFLINE_BUILD__;

/** With a kept copy at hand, a page that takes longer than this is shown from the copy. */
const SLOW_MS = 8_000;
/** A kept copy younger than this is not fetched again when the page is read again. */
const REFRESH_MS = 5 * 60_000;
const DAY_S = 24 * 60 * 60;
const SHELL = `${CACHES.shell}-${BUILD.version}`;
/**
 * The longest the worker's own work after an answer may keep it busy. Chromium activates a new
 * build's worker (or the kill switch's) only once the old one has nothing left to do, so work
 * that waits on a slow network must not hold an update back for minutes.
 */
const SIDE_WORK_MS = 15_000;

/** Keeps the worker alive for `work`, but for SIDE_WORK_MS at most; the work is given up after. */
function extend(event: ExtendableEvent, work: Promise<unknown>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((done) => {
    timer = setTimeout(done, SIDE_WORK_MS);
  });
  event.waitUntil(
    Promise.race([work.catch(() => undefined), limit]).finally(() => clearTimeout(timer)),
  );
}

setCacheNameDetails({ prefix: "storyshare", suffix: "v1" });
// A new build's worker takes over at once: its rules are for the same pages, open pages keep
// what they loaded, and a script of the old build that is gone makes Remix load the page anew,
// as it does without a worker (decision 066, "Updates").
self.addEventListener("install", (event) => {
  void self.skipWaiting();
  const installed = keepShell();
  event.waitUntil(installed);
  void installed.then(askAgainWhileWaiting, () => undefined);
});

/**
 * Chromium activates a worker that skipped waiting once the old one is idle, and holds new
 * navigations until then; when the old one was busy at that moment it sometimes never looked
 * again, leaving this worker waiting and the reader's next page load hanging. Asking again
 * makes it look again (tests/e2e/offline.spec.ts, "a new build's worker takes over").
 */
async function askAgainWhileWaiting() {
  for (let tries = 0; tries < 15; tries++) {
    await new Promise((go) => setTimeout(go, 2_000));
    if (!self.registration.waiting) return;
    await self.skipWaiting();
  }
}
clientsClaim();
self.addEventListener("activate", (event) => event.waitUntil(dropOldShells()));
precacheAndRoute(BUILD.precache);

const lists = new CacheExpiration(CACHES.lists, { maxEntries: 20, maxAgeSeconds: 30 * DAY_S });
const routeUnions = new CacheExpiration(CACHES.routes, { maxEntries: 3 });

// ---- the worker's own requests ---------------------------------------------------------------

/**
 * A copy for the store, asked without cookies: the page as any visitor gets it, in the reader's
 * language. Marked as a prefetch, so that it is not counted as a read (decision 061).
 */
function ownFetch(path: string, lang?: Language): Promise<Response> {
  const url = new URL(path, self.location.origin);
  if (lang) url.searchParams.set("lng", lang);
  return fetch(url, {
    credentials: "omit",
    headers: { Purpose: "prefetch", [OFFLINE_COPY_HEADER]: "1" },
    signal: AbortSignal.timeout(SIDE_WORK_MS),
  });
}

/** The answer with the moment it was fetched, which the page shows when it is a kept copy. */
function stamped(answer: Response): Response {
  const headers = new Headers(answer.headers);
  headers.set(FETCHED_AT, String(Date.now()));
  return new Response(answer.body, {
    status: answer.status,
    statusText: answer.statusText,
    headers,
  });
}

async function keepOwn(cache: Cache, key: string, lang?: Language): Promise<boolean> {
  const answer = await ownFetch(key, lang).catch(() => null);
  if (!answer || answer.redirected || !mayKeep(answer, "worker")) return false;
  await cache.put(key, stamped(answer));
  return true;
}

/** Whether the reader asked the browser to save data: then nothing is fetched beyond the page. */
const savingData = () => self.navigator.connection?.saveData === true;

// ---- the list of saved and recent stories -----------------------------------------------------

let indexQueue: Promise<unknown> = Promise.resolve();

async function readIndex(): Promise<OfflineIndex> {
  const kept = await (await caches.open(CACHES.index)).match(INDEX_URL);
  return kept ? parseIndex(await kept.json().catch(() => null)) : emptyIndex();
}

/** Changes the list, one change at a time (two readers' messages must not undo each other). */
function updateIndex(change: (index: OfflineIndex) => OfflineIndex): Promise<OfflineIndex> {
  const next = indexQueue.then(async () => {
    const index = change(await readIndex());
    const body = JSON.stringify(index);
    await (await caches.open(CACHES.index)).put(
      INDEX_URL,
      new Response(body, { headers: { "Content-Type": "application/json" } }),
    );
    return index;
  });
  indexQueue = next.catch(() => undefined);
  return next;
}

async function language(): Promise<Language> {
  return (await readIndex()).lang;
}

// ---- answering pages --------------------------------------------------------------------------

/** Which page each window was last given from the store, and when that copy was fetched. */
const served = new Map<string, { path: string; fetchedAt: number | null }>();

function note(clientId: string, path: string, copy: Response | null) {
  if (!clientId) return;
  served.delete(clientId);
  served.set(clientId, { path, fetchedAt: copy ? Number(copy.headers.get(FETCHED_AT)) : null });
  if (served.size > 50) served.delete(served.keys().next().value as string);
}

/** Whether a window's page (or its last navigation's data) came from the store. */
const shownFromStore = (clientId: string) => (served.get(clientId)?.fetchedAt ?? null) !== null;

async function findIn(names: readonly string[], key: string): Promise<Response | undefined> {
  const found = await Promise.all(
    names.map(async (name) => (await caches.open(name)).match(key, { ignoreVary: true })),
  );
  // The newest of the copies (a story read again since it was saved).
  return found.filter((r): r is Response => r !== undefined).sort((a, b) => ageOf(a) - ageOf(b))[0];
}

const storesOf = (kind: PageKind) =>
  kind === "story" ? [CACHES.recent, CACHES.saved] : [CACHES.lists];

/**
 * The network's answer, or the kept copy when there is no network, the server fails (5xx), or,
 * with a copy at hand, the network takes longer than SLOW_MS. `keep` sees the network's answer
 * whenever it comes.
 */
async function networkFirst(
  event: FetchEvent,
  find: () => Promise<Response | undefined>,
  keep?: (answer: Response) => Promise<void>,
): Promise<{ answer: Response; copy: boolean } | null> {
  const network = fetch(event.request);
  if (keep)
    extend(
      event,
      network.then((a) => keep(a.clone())),
    );
  const copy = find();
  // The timer goes as soon as the race is decided: nothing is left running in the worker.
  let decided = false;
  let stopTimer = () => {};
  const late = copy.then((kept) =>
    kept && !decided
      ? new Promise<undefined>((go) => {
          const timer = setTimeout(go, SLOW_MS);
          stopTimer = () => clearTimeout(timer);
        })
      : new Promise<never>(() => undefined),
  );
  const answer = await Promise.race([network, late]).catch(() => undefined);
  decided = true;
  stopTimer();
  if (answer && answer.status < 500) return { answer, copy: false };
  const kept = await copy;
  if (kept) return { answer: kept, copy: true };
  if (answer) return { answer, copy: false };
  // Slow without a copy: the network's answer, when it comes.
  const eventually = await network.catch(() => undefined);
  return eventually ? { answer: eventually, copy: false } : null;
}

function offlineRedirect(url: URL, status = 302): Response {
  return Response.redirect(new URL(offlineHref(url), self.location.origin).href, status);
}

/** A story's page as the reader got it, kept when the app says it is the same for everyone. */
async function keepReadersStory(key: string, answer: Response): Promise<void> {
  if (answer.redirected || !mayKeep(answer, "reader")) return;
  await (await caches.open(CACHES.recent)).put(key, stamped(answer));
}

/**
 * A list's last copy: the reader's answer when it is everyone's; otherwise (a signed-in
 * reader's list is theirs, a client navigation brought only data) any visitor's, fetched by
 * the worker at most every REFRESH_MS.
 */
async function keepList(key: string, answer?: Response): Promise<void> {
  const cache = await caches.open(CACHES.lists);
  if (answer && !answer.redirected && mayKeep(answer, "reader")) {
    await cache.put(key, stamped(answer));
  } else {
    if (savingData()) return;
    const kept = await cache.match(key, { ignoreVary: true });
    if (kept && ageOf(kept) < REFRESH_MS) return;
    if (!(await keepOwn(cache, key, await language()))) return;
  }
  await lists.updateTimestamp(new URL(key, self.location.origin).href);
  await lists.expireEntries();
}

/** The key of the page a URL (a document's or its data's) is for. */
const pageKey = (url: URL, kind: PageKind) =>
  keepKey(new URL(`${pageOf(url).path}${url.search}`, self.location.origin), kind);

async function page(event: FetchEvent, url: URL): Promise<Response> {
  const kind = pageKind(url.pathname);
  const clientId = event.resultingClientId || event.clientId;
  if (kind === "shell") return shellPage(event, url);
  if ((kind !== "story" && kind !== "list") || !mayAnswerFromStore(event.request)) {
    // Never from the store: the network's answer, or the offline page.
    return fetch(event.request).catch(() => offlineRedirect(url));
  }
  const key = keepKey(url, kind);
  const got = await networkFirst(
    event,
    () => findIn(storesOf(kind), key),
    (answer) => (kind === "story" ? keepReadersStory(key, answer) : keepList(key, answer)),
  );
  if (!got) return offlineRedirect(url);
  note(clientId, url.pathname, got.copy ? got.answer : null);
  return got.answer;
}

/** A client navigation's data (single fetch). Without a copy, a document load decides. */
async function data(event: FetchEvent, url: URL): Promise<Response> {
  const { path } = pageOf(url);
  const kind = pageKind(path);
  if (kind === "story" && mayAnswerFromStore(event.request)) {
    const got = await networkFirst(event, () => findIn(storesOf(kind), dataPath(path)));
    if (got) {
      note(event.clientId, path, got.copy ? got.answer : null);
      return got.answer;
    }
  } else {
    try {
      const answer = await fetch(event.request);
      // A list reached by a client navigation: its document is kept (the data is the reader's).
      if (kind === "list" && answer.ok) extend(event, keepList(pageKey(url, kind)));
      return answer;
    } catch {}
  }
  // A list or a shell page comes from its kept document; anything else is the offline page.
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  const search = query.toString();
  const kept = kind === "story" || kind === "list" || kind === "shell";
  return reloadDocument(kept ? `${path}${search ? `?${search}` : ""}` : offlineHref(url));
}

async function shellPage(event: FetchEvent, url: URL): Promise<Response> {
  const answer = await fetch(event.request).catch(() => undefined);
  if (answer && answer.status < 500) return answer;
  const copy = await (await caches.open(SHELL)).match(`${url.pathname}?lng=${await language()}`);
  return copy ?? answer ?? Response.error();
}

/** A picture: the network (or the browser's cache), else the copy kept for it (at phone size). */
async function picture(url: URL, request: Request): Promise<Response> {
  const answer = await fetch(request).catch(() => undefined);
  if (answer) return answer;
  const stores = [CACHES.recent, CACHES.saved];
  const kept = await findIn(stores, url.pathname);
  if (kept) return kept;
  const phone = phoneFor(await readIndex(), url.pathname);
  return (phone ? await findIn(stores, phone) : undefined) ?? Response.error();
}

/** Lazy route discovery's answers, merged per build, to answer any of them offline. */
const unionUrl = (version: string) => `/__offline/routes/${encodeURIComponent(version)}.json`;
let routesQueue: Promise<unknown> = Promise.resolve();

function mergeRoutes(version: string, answer: Response): Promise<unknown> {
  routesQueue = routesQueue
    .then(async () => {
      const patch = (await answer.json()) as Record<string, unknown>;
      const cache = await caches.open(CACHES.routes);
      const known = await cache.match(unionUrl(version));
      const union = { ...((known ? await known.json() : {}) as object), ...patch };
      await cache.put(
        unionUrl(version),
        new Response(JSON.stringify(union), { headers: { "Content-Type": "application/json" } }),
      );
      await routeUnions.updateTimestamp(new URL(unionUrl(version), self.location.origin).href);
      await routeUnions.expireEntries();
    })
    .catch(() => undefined);
  return routesQueue;
}

async function routeManifest(event: FetchEvent, url: URL): Promise<Response> {
  const version = url.searchParams.get("version") ?? "";
  try {
    const answer = await fetch(event.request);
    if (answer.status === 200) extend(event, mergeRoutes(version, answer.clone()));
    return answer;
  } catch {
    const known = await (await caches.open(CACHES.routes)).match(unionUrl(version));
    // Nothing known: Remix then loads the page as a document, which the store may have.
    return (
      known ?? new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } })
    );
  }
}

/** A form sent without a network: it says so instead of the browser's error page. */
async function post(event: FetchEvent, url: URL): Promise<Response> {
  try {
    return await fetch(event.request);
  } catch (error) {
    if (event.request.mode === "navigate") return offlineRedirect(url, 303);
    if (url.pathname.endsWith(".data")) return actionOffline("offline.needsConnection");
    throw error;
  }
}

// ---- routes -----------------------------------------------------------------------------------

const asFetch = (e: unknown) => e as FetchEvent;

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/resources/locales/")) &&
    request.method === "GET",
  new CacheFirst({
    cacheName: CACHES.assets,
    plugins: [
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true }),
    ],
  }),
);
registerRoute(
  ({ request, sameOrigin }) => sameOrigin && request.mode === "navigate",
  async ({ event, url }) => {
    const answer = await page(asFetch(event), url);
    // A page from the network says the reader's language (a kept copy may be an older one).
    if (answer.status === 200 && !answer.headers.has(FETCHED_AT))
      extend(event, learnLanguage(answer.clone()));
    return answer;
  },
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.endsWith(".data"),
  ({ event, url }) => data(asFetch(event), url),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === "/__manifest",
  ({ event, url }) => routeManifest(asFetch(event), url),
);
// Pictures only for a page shown from the store, or while the browser is offline; otherwise they
// go to the network as if there were no worker, at no cost to each picture.
registerRoute(
  ({ url, request, event, sameOrigin }) =>
    sameOrigin &&
    url.pathname.startsWith("/media/") &&
    request.destination === "image" &&
    (!self.navigator.onLine || shownFromStore(asFetch(event).clientId)),
  ({ url, request }) => picture(url, request),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && !url.pathname.startsWith("/api/"),
  ({ event, url }) => post(asFetch(event), url),
  "POST",
);

// ---- install and activate ---------------------------------------------------------------------

/** /offline and /saved in both languages, as any visitor gets them, kept with this build. */
async function keepShell() {
  const cache = await caches.open(SHELL);
  await Promise.all(
    SHELL_PAGES.flatMap((path) =>
      LANGUAGES.map(async (lang) => {
        const answer = await ownFetch(path, lang);
        if (!mayKeep(answer, "worker")) throw new Error(`${path}?lng=${lang}: ${answer.status}`);
        await cache.put(`${path}?lng=${lang}`, answer);
      }),
    ),
  );
}

async function dropOldShells() {
  for (const name of await caches.keys()) {
    if (name.startsWith(`${CACHES.shell}-`) && name !== SHELL) await caches.delete(name);
  }
}

// ---- what pages ask -----------------------------------------------------------------------------

const STORY_PAGE = (path: unknown): path is string =>
  typeof path === "string" && pageKind(path) === "story";
const MEDIA = (value: unknown): value is string | null =>
  value === null || (typeof value === "string" && /^\/media\/[a-f0-9]{64}$/.test(value));

function asked(story: StoryAsked | undefined): StoryAsked | null {
  if (!story || !STORY_PAGE(story.path) || !MEDIA(story.image) || !MEDIA(story.phone)) return null;
  return {
    path: story.path,
    title: String(story.title ?? "").slice(0, 300),
    image: story.image,
    phone: story.phone,
  };
}

/** The language a page is in: its `<html lang>`, in the first bytes the network sends. */
async function learnLanguage(answer: Response) {
  if (!answer.body || !answer.headers.get("content-type")?.startsWith("text/html")) return;
  const reader = answer.body.getReader();
  try {
    const { value } = await reader.read();
    const head = new TextDecoder().decode(value ?? new Uint8Array());
    await setLanguage(/<html[^>]*\slang="([a-z]+)"/.exec(head)?.[1]);
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

async function setLanguage(lang: unknown) {
  if (!isLanguage(lang) || lang === (await language())) return;
  await updateIndex((index) => ({ ...index, lang }));
}

/** Deletes what a cache holds for stories no longer on its list. */
async function tidy(name: string, stories: KeptStory[]) {
  const wanted = new Set(stories.flatMap(storyKeys));
  const cache = await caches.open(name);
  for (const request of await cache.keys()) {
    if (!wanted.has(new URL(request.url).pathname)) await cache.delete(request);
  }
}

/** A story read: on the recent list, with its page, data and picture at phone size. */
async function read(story: StoryAsked, lang: Language) {
  const index = await updateIndex((i) => withRecent(i, { ...story, at: Date.now() }).index);
  const cache = await caches.open(CACHES.recent);
  if (!savingData()) {
    for (const key of [story.path, dataPath(story.path)]) {
      const kept = await cache.match(key, { ignoreVary: true });
      if (!kept || ageOf(kept) >= REFRESH_MS) await keepOwn(cache, key, lang);
    }
    if (story.phone && !(await cache.match(story.phone))) await keepOwn(cache, story.phone);
  }
  await tidy(CACHES.recent, index.recent);
}

async function save(story: StoryAsked, lang: Language): Promise<SaveReply> {
  const kept: KeptStory = { ...story, at: Date.now() };
  if (!withSaved(await readIndex(), kept)) return { ok: false, reason: "full" };
  const cache = await caches.open(CACHES.saved);
  const [pageKept, dataKept] = await Promise.all([
    keepOwn(cache, story.path, lang),
    keepOwn(cache, dataPath(story.path), lang),
  ]);
  if (!pageKept || !dataKept) return { ok: false, reason: "failed" };
  if (story.phone) await keepOwn(cache, story.phone);
  const index = await updateIndex((i) => withSaved(i, kept) ?? i);
  if (!index.saved.some((s) => s.path === story.path)) return { ok: false, reason: "full" };
  return { ok: true };
}

async function remove(path: string) {
  const index = await updateIndex((i) => withoutSaved(i, path));
  await tidy(CACHES.saved, index.saved);
}

async function clearRecent() {
  await updateIndex((i) => ({ ...i, recent: [] }));
  await caches.delete(CACHES.recent);
}

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const message = event.data as ToWorker | null;
  const port = event.ports[0];
  const reply = (value: unknown) => port?.postMessage(value);
  const work = async () => {
    switch (message?.type) {
      case "hello": {
        await setLanguage(message.lang);
        reply({ version: BUILD.version });
        // The page the worker came in on was not its to keep: a list is kept now.
        const url = new URL(String(message.page ?? "/"), self.location.origin);
        if (url.origin === self.location.origin && pageKind(url.pathname) === "list")
          await keepList(keepKey(url, "list"));
        return;
      }
      case "read": {
        const story = asked(message.story);
        if (!story || !isLanguage(message.lang)) return;
        await setLanguage(message.lang);
        return read(story, message.lang);
      }
      case "save": {
        const story = asked(message.story);
        if (!story || !isLanguage(message.lang)) return reply({ ok: false, reason: "failed" });
        return reply(await save(story, message.lang));
      }
      case "remove":
        if (STORY_PAGE(message.path)) await remove(message.path);
        return reply({ ok: true });
      case "clear-recent":
        await clearRecent();
        return reply({ ok: true });
      case "served": {
        const seen = event.source ? served.get(event.source.id) : undefined;
        return reply({ fetchedAt: seen && seen.path === message.path ? seen.fetchedAt : null });
      }
    }
  };
  extend(
    event,
    work().catch(() => reply({ ok: false, reason: "failed" })),
  );
});
