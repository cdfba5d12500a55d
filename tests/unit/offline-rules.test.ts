import { UNSAFE_ErrorResponseImpl } from "@remix-run/router";
import {
  encodeViaTurboStream,
  SingleFetchRedirectSymbol,
} from "@remix-run/server-runtime/dist/single-fetch.js";
import { describe, expect, it } from "vitest";
import {
  type KeptStory,
  parseIndex,
  phoneFor,
  RECENT_MAX,
  SAVED_MAX,
  withoutSaved,
  withRecent,
  withSaved,
} from "~/sw/kept";
import {
  ageOf,
  FETCHED_AT,
  keepKey,
  mayAnswerFromStore,
  mayKeep,
  offlineHref,
  pageKind,
  pageOf,
  storyKeys,
} from "~/sw/rules";
import { actionOfflineBody, reloadDocumentBody } from "~/sw/single-fetch";

/** Decision 066: what the offline worker may keep, by address and by answer. */

const answer = (headers: Record<string, string>, status = 200) => ({
  status,
  headers: new Headers(headers),
});
const HTML = { "content-type": "text/html; charset=utf-8" };
const PUBLIC = { ...HTML, "cache-control": "public, max-age=0, s-maxage=10" };

describe("which pages", () => {
  it("never keeps the signed-in pages, the admin, /api or the donation flow", () => {
    for (const path of [
      "/admin",
      "/admin/donations/pending",
      "/admin.data",
      "/api/stories/regular",
      "/api",
      "/donate",
      "/donate.data",
      "/donation-pools/3/donate",
      "/donation-pools/3/donate.data",
      "/donations/abc123",
      "/donations/abc123/receipt",
      "/monthly",
      "/monthly/tok/pay/2026-11",
      "/account/confirm",
      "/profile",
      "/profile/stats",
      "/notifications",
      "/login",
      "/logout",
      "/post-story",
      "/stories/4/edit",
      "/receipts/R-2026-0001",
      "/resources/theme",
    ]) {
      expect(pageKind(pageOf(new URL(path, "https://x.mn")).path), path).toBe("never");
    }
  });

  it("keeps stories at both addresses, the home page and the lists", () => {
    expect(pageKind("/stories/12")).toBe("story");
    expect(pageKind("/story/12")).toBe("story");
    for (const path of ["/", "/stories/all", "/stories/featured", "/donation-pools"])
      expect(pageKind(path), path).toBe("list");
    expect(pageKind("/offline")).toBe("shell");
    expect(pageKind("/saved")).toBe("shell");
    // A campaign, the FAQ, an author: from the network, the offline page without one.
    for (const path of ["/donation-pools/3", "/faq", "/authors/bold", "/stories/abc", "/search"])
      expect(pageKind(path), path).toBe("other");
  });

  it("reads single fetch's data addresses as their page", () => {
    expect(pageOf(new URL("https://x.mn/_root.data"))).toEqual({ path: "/", data: true });
    expect(pageOf(new URL("https://x.mn/story/7.data?_routes=routes%2Fstory.%24id"))).toEqual({
      path: "/story/7",
      data: true,
    });
    expect(pageOf(new URL("https://x.mn/story/7"))).toEqual({ path: "/story/7", data: false });
  });

  it("keys a story by its path alone and a list with its query, less lng and _routes", () => {
    const key = (url: string) =>
      keepKey(new URL(url, "https://x.mn"), pageKind(pageOf(new URL(url, "https://x.mn")).path));
    expect(key("/story/7?lng=en")).toBe("/story/7");
    expect(key("/story/7.data?_routes=routes%2Fstory.%24id&lng=en")).toBe("/story/7.data");
    expect(key("/?lng=en")).toBe("/");
    expect(key("/stories/all?page=2&lng=mn")).toBe("/stories/all?page=2");
    expect(key("/stories/all?sort=new&page=2")).toBe("/stories/all?page=2&sort=new");
    expect(key("/_root.data?page=2&_routes=root")).toBe("/_root.data?page=2");
    expect(storyKeys({ path: "/story/7", phone: "/media/a" })).toEqual([
      "/story/7",
      "/story/7.data",
      "/media/a",
    ]);
  });

  it("answers from the store only reads of kept pages, never a POST or an authorised request", () => {
    const request = (url: string, method = "GET", headers: Record<string, string> = {}) => ({
      url: `https://x.mn${url}`,
      method,
      headers: new Headers(headers),
    });
    expect(mayAnswerFromStore(request("/story/7"))).toBe(true);
    expect(mayAnswerFromStore(request("/story/7.data"))).toBe(true);
    expect(mayAnswerFromStore(request("/"))).toBe(true);
    expect(mayAnswerFromStore(request("/story/7", "POST"))).toBe(false);
    expect(mayAnswerFromStore(request("/story/7", "GET", { Authorization: "Bearer t" }))).toBe(
      false,
    );
    expect(mayAnswerFromStore(request("/profile"))).toBe(false);
    expect(mayAnswerFromStore(request("/donation-pools/3/donate"))).toBe(false);
    expect(mayAnswerFromStore(request("/api/stories/regular"))).toBe(false);
    expect(mayAnswerFromStore(request("/faq"))).toBe(false);
  });

  it("sends a page that is not kept to the offline page, naming it", () => {
    expect(offlineHref(new URL("https://x.mn/faq?x=1"))).toBe("/offline?from=%2Ffaq%3Fx%3D1");
    expect(offlineHref(new URL("https://x.mn/donate.data?_routes=routes%2Fdonate"))).toBe(
      "/offline?from=%2Fdonate",
    );
    expect(offlineHref(new URL("https://x.mn/_root.data"))).toBe("/offline?from=%2F");
  });
});

describe("which answers", () => {
  it("keeps the reader's own answer only when the app marked it public", () => {
    expect(mayKeep(answer(PUBLIC), "reader")).toBe(true);
    // A signed-in page, a member's copy, or a page with absolute links without SITE_URL.
    expect(mayKeep(answer({ ...HTML, "cache-control": "private, no-cache" }), "reader")).toBe(
      false,
    );
    // Single fetch's data says nothing: it may be a signed-in reader's.
    expect(mayKeep(answer({ "content-type": "text/x-script" }), "reader")).toBe(false);
    expect(mayKeep(answer({ ...HTML, "cache-control": "public, private" }), "reader")).toBe(false);
  });

  it("keeps the worker's own (cookieless) answer unless it says no-store", () => {
    expect(mayKeep(answer({ ...HTML, "cache-control": "private, no-cache" }), "worker")).toBe(true);
    expect(mayKeep(answer({ "content-type": "text/x-script" }), "worker")).toBe(true);
    expect(mayKeep(answer({ "content-type": "image/jpeg" }), "worker")).toBe(true);
  });

  it("never keeps no-store, a cookie being set, an error, a redirect or another type", () => {
    for (const asker of ["reader", "worker"] as const) {
      expect(mayKeep(answer({ ...HTML, "cache-control": "private, no-store" }), asker)).toBe(false);
      expect(mayKeep(answer({ ...HTML, "cache-control": "No-Store" }), asker)).toBe(false);
      expect(mayKeep(answer({ ...PUBLIC, "set-cookie": "sid=1" }), asker)).toBe(false);
      expect(mayKeep(answer(PUBLIC, 404), asker)).toBe(false);
      expect(mayKeep(answer(PUBLIC, 500), asker)).toBe(false);
      // Single fetch's redirect.
      expect(mayKeep(answer({ "content-type": "text/x-script" }, 202), asker)).toBe(false);
      expect(mayKeep(answer({ ...PUBLIC, "content-type": "application/json" }), asker)).toBe(false);
    }
  });

  it("tells a kept copy's age from its stamp", () => {
    expect(ageOf(answer({ [FETCHED_AT]: "1000" }), 4000)).toBe(3000);
    expect(ageOf(answer({}), 4000)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("single fetch's words", () => {
  const remix = async (value: unknown) =>
    new Response(
      encodeViaTurboStream(value, new AbortController().signal, 5000, 1 as never),
    ).text();

  it("a document load is Remix's own redirect with X-Remix-Reload-Document", async () => {
    for (const to of ["/offline?from=%2Fdonate", "/story/7", "/stories/all?page=2&q=«зун»"]) {
      const theirs = await remix({
        [SingleFetchRedirectSymbol]: {
          redirect: to,
          status: 302,
          revalidate: false,
          reload: true,
          replace: false,
        },
      });
      expect(reloadDocumentBody(to)).toBe(theirs);
    }
  });

  it("a form sent offline is a 503 error response with the message to show", async () => {
    const theirs = await remix({
      error: new UNSAFE_ErrorResponseImpl(503, "Service Unavailable", {
        message: "offline.needsConnection",
      }),
    });
    expect(actionOfflineBody("offline.needsConnection")).toBe(theirs);
  });
});

describe("the list of kept stories", () => {
  const story = (n: number, extra: Partial<KeptStory> = {}): KeptStory => ({
    path: `/story/${n}`,
    title: `Story ${n}`,
    at: n,
    image: null,
    phone: null,
    ...extra,
  });

  it("keeps the last 20 read, the newest first, each once", () => {
    let index = parseIndex(null);
    const dropped: KeptStory[] = [];
    for (let n = 1; n <= RECENT_MAX + 2; n++) {
      const next = withRecent(index, story(n));
      index = next.index;
      dropped.push(...next.dropped);
    }
    expect(index.recent).toHaveLength(RECENT_MAX);
    expect(index.recent[0]!.path).toBe(`/story/${RECENT_MAX + 2}`);
    expect(dropped.map((s) => s.path)).toEqual(["/story/1", "/story/2"]);
    // Read again: first, not twice.
    index = withRecent(index, story(10, { at: 99 })).index;
    expect(index.recent[0]).toMatchObject({ path: "/story/10", at: 99 });
    expect(index.recent.filter((s) => s.path === "/story/10")).toHaveLength(1);
  });

  it("saves up to SAVED_MAX, never drops one by itself, and removes on request", () => {
    let index = parseIndex({ lang: "en" });
    for (let n = 1; n <= SAVED_MAX; n++) index = withSaved(index, story(n)) ?? index;
    expect(index.saved).toHaveLength(SAVED_MAX);
    expect(withSaved(index, story(SAVED_MAX + 1))).toBeNull();
    // Saving one again is not one more.
    expect(withSaved(index, story(5, { at: 500 }))?.saved).toHaveLength(SAVED_MAX);
    index = withoutSaved(index, "/story/5");
    expect(index.saved.some((s) => s.path === "/story/5")).toBe(false);
    expect(index.lang).toBe("en");
  });

  it("finds the phone-size copy kept for a page's picture", () => {
    const index = withRecent(
      parseIndex(null),
      story(1, { image: "/media/big", phone: "/media/small" }),
    ).index;
    expect(phoneFor(index, "/media/big")).toBe("/media/small");
    expect(phoneFor(index, "/media/other")).toBeNull();
  });

  it("reads a broken or older list as empty", () => {
    expect(parseIndex("nonsense")).toEqual({ lang: "mn", recent: [], saved: [] });
    expect(parseIndex({ lang: "fr", recent: [{ path: 1 }], saved: "x" })).toEqual({
      lang: "mn",
      recent: [],
      saved: [],
    });
  });
});
