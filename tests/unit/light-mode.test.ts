import http from "node:http";
import type { AddressInfo } from "node:net";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, UNSAFE_DataRouterStateContext } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StoryCard } from "~/components/story-card";
import { applyDocumentCaching, isAnonymousRequest } from "~/http/shared-cache.server";
import { isLight, LIGHT_COOKIE, saveDataOn } from "~/lib/light-mode";
import { lightMode } from "~/lib/light-mode.server";
import type { StoryCardData } from "~/models/stories.server";
import { action as lightAction } from "~/routes/resources.light";
import { preferenceSwitch } from "~/web/preference-switch.server";
import { PageCache } from "../../server/front/page-cache";
import { createProxy } from "../../server/front/proxy";
import {
  baseKey,
  LIGHT_COOKIE as FRONT_LIGHT_COOKIE,
  saveDataOn as frontSaveDataOn,
  isAnonymous,
  varyKey,
} from "../../server/front/rules";
import { standInPool } from "./front-stand-in";
import { ORIGIN, routeArgs } from "./helpers";

/** Decision 065: light mode for slow connections. */

const page = (headers: Record<string, string> = {}, path = "/") =>
  new Request(`${ORIGIN}${path}`, { headers });

describe("whether a page is light", () => {
  it("follows the browser's Save-Data when the reader has not chosen", () => {
    expect(lightMode(page())).toBe(false);
    expect(lightMode(page({ "Save-Data": "on" }))).toBe(true);
    expect(lightMode(page({ "Save-Data": "ON" }))).toBe(true);
    expect(lightMode(page({ "Save-Data": " On ; x=1" }))).toBe(true);
    expect(lightMode(page({ "Save-Data": "off" }))).toBe(false);
    expect(lightMode(page({ "Save-Data": "" }))).toBe(false);
  });

  it("the reader's cookie wins over the browser, in both directions", () => {
    expect(lightMode(page({ Cookie: `${LIGHT_COOKIE}=1` }))).toBe(true);
    expect(lightMode(page({ Cookie: `lng=en; ${LIGHT_COOKIE}=0`, "Save-Data": "on" }))).toBe(false);
    expect(lightMode(page({ Cookie: `${LIGHT_COOKIE}=1`, "Save-Data": "off" }))).toBe(true);
    // Not a choice: the header decides.
    expect(lightMode(page({ Cookie: `${LIGHT_COOKIE}=yes`, "Save-Data": "on" }))).toBe(true);
    // The first cookie of the name, as the front reads it.
    expect(lightMode(page({ Cookie: `${LIGHT_COOKIE}=1; ${LIGHT_COOKIE}=0` }))).toBe(true);
  });

  it("a switch posted with a long form (?light=) wins over the cookie it replaces", () => {
    const cookie = `${LIGHT_COOKIE}=0`;
    expect(lightMode(page({ Cookie: cookie }, "/post-story?light=1"))).toBe(true);
    expect(lightMode(page({ "Save-Data": "on" }, "/post-story?light=0"))).toBe(false);
    expect(isLight({ asked: "maybe", cookie: "1" })).toBe(true);
  });

  it("the front reads Save-Data exactly as the app does", () => {
    for (const value of ["on", "On", " on", "on;x", "off", "", "no", "onn", "o n"]) {
      expect(frontSaveDataOn(value), value).toBe(saveDataOn(value));
    }
    expect(FRONT_LIGHT_COOKIE).toBe(LIGHT_COOKIE);
  });
});

describe("the switch", () => {
  const post = (path: string, body: string) =>
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: {
        host: "localhost:3000",
        origin: ORIGIN,
        "content-type": "application/x-www-form-urlencoded",
      },
      body,
    });

  it("sets the cookie for a year and goes back to the page, changing no shared page", async () => {
    const on = await lightAction(
      routeArgs(post("/resources/light", "light=1&redirectTo=%2Fstories%2F3")),
    );
    expect(on.status).toBe(302);
    expect(on.headers.get("Location")).toBe("/stories/3");
    expect(on.headers.get("Set-Cookie")).toMatch(
      new RegExp(`^${LIGHT_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax`),
    );
    expect(on.headers.get("X-Cache-Purge")).toBe("none");
    const off = await lightAction(routeArgs(post("/resources/light", "light=0")));
    expect(off.headers.get("Set-Cookie")).toMatch(new RegExp(`^${LIGHT_COOKIE}=0;`));
    expect(off.headers.get("Location")).toBe("/");
    // A `?light=` left by a long form's switch would outvote the new cookie: it is dropped.
    const back = await lightAction(
      routeArgs(post("/resources/light", "light=0&redirectTo=%2Fdonate%3Flight%3D1%26lng%3Den")),
    );
    expect(back.headers.get("Location")).toBe("/donate?lng=en");
    const evil = await lightAction(
      routeArgs(post("/resources/light", "light=1&redirectTo=%2F%2Fevil.example%2F")),
    );
    expect(evil.headers.get("Location")).toBe("/");
  });

  it("posted with a long form, it stores the choice beside what was typed", async () => {
    const form = new FormData();
    form.set("switch_light", "1");
    form.set("title", "typed");
    const headers = await preferenceSwitch(form, page());
    expect(headers?.get("Set-Cookie")).toMatch(new RegExp(`^${LIGHT_COOKIE}=1;`));
    expect(headers?.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("shared caches keep light and full pages apart", () => {
  it("the light cookie keeps a request anonymous, in the app and in the front", () => {
    for (const cookie of [
      `${LIGHT_COOKIE}=1`,
      `lng=en; ${LIGHT_COOKIE}=0; storyshare-theme=dark`,
    ]) {
      expect(isAnonymousRequest(page({ Cookie: cookie }))).toBe(true);
      expect(isAnonymous({ cookie })).toBe(true);
    }
    expect(isAnonymous({ cookie: `${LIGHT_COOKIE}=1; storyshare_session=x` })).toBe(false);
  });

  it("every document says Vary: Save-Data, shared or not", () => {
    for (const [request, routeAllows] of [
      [page(), true],
      [page({ Cookie: "storyshare_session=x" }), true],
      [page(), false],
    ] as const) {
      const headers = new Headers();
      applyDocumentCaching(request, 200, headers, routeAllows);
      expect(headers.get("Vary")).toMatch(/\bCookie\b/);
      expect(headers.get("Vary")).toMatch(/\bSave-Data\b/);
    }
  });

  it("the front's key holds the light cookie and whether Save-Data is on", () => {
    const full = baseKey("h", "/", { cookie: "lng=en" });
    expect(baseKey("h", "/", { cookie: `lng=en; ${LIGHT_COOKIE}=1` })).not.toBe(full);
    expect(baseKey("h", "/", { cookie: `lng=en; ${LIGHT_COOKIE}=0` })).not.toBe(full);
    const names = ["cookie", "save-data"];
    const off = varyKey(names, {});
    expect(varyKey(names, { "save-data": "on" })).not.toBe(off);
    expect(varyKey(names, { "save-data": "ON" })).toBe(varyKey(names, { "save-data": "on" }));
    expect(varyKey(names, { "save-data": "off" })).toBe(off);
    expect(varyKey(names, { cookie: `${LIGHT_COOKIE}=1` })).not.toBe(off);
  });
});

describe("the front never hands a light page to a full request, nor the reverse", () => {
  // A stand-in worker that answers as the app does: shared, varying on Cookie and Save-Data.
  let renders = 0;
  const origin = http.createServer((req, res) => {
    renders += 1;
    const light = saveDataOn(req.headers["save-data"] as string | undefined);
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "public, max-age=0, s-maxage=10",
      vary: "Cookie, Save-Data",
    });
    res.end(light ? "<p>light</p>" : "<p>full</p><script></script>");
  });
  let front: http.Server;
  let base: string;

  beforeAll(async () => {
    await new Promise<void>((r) => origin.listen(0, "127.0.0.1", r));
    const pool = standInPool((origin.address() as AddressInfo).port);
    const cache = new PageCache({ maxBytes: 1024 * 1024 });
    front = http.createServer(
      createProxy({ pool, cache, trustProxy: false, log: () => {} }).handler,
    );
    await new Promise<void>((r) => front.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    front.closeAllConnections();
    origin.closeAllConnections();
    await new Promise((r) => front.close(r));
    await new Promise((r) => origin.close(r));
  });

  const get = async (headers: Record<string, string>) => {
    const res = await fetch(`${base}/home`, { headers });
    return { body: await res.text(), cache: res.headers.get("x-cache") };
  };

  it("keeps one copy of each, and answers each request with its own", async () => {
    // Interleaved, enough times for both to be stored and then served from the cache.
    const seen: { asked: string; body: string; cache: string | null }[] = [];
    for (let i = 0; i < 4; i++) {
      seen.push({ asked: "full", ...(await get({})) });
      seen.push({ asked: "light", ...(await get({ "save-data": "on" })) });
      seen.push({ asked: "light", ...(await get({ "save-data": "On" })) });
    }
    for (const { asked, body } of seen)
      expect(body).toBe(`<p>${asked}</p>${asked === "full" ? "<script></script>" : ""}`);
    expect(seen.filter((s) => s.asked === "full" && s.cache === "HIT").length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.asked === "light" && s.cache === "HIT").length).toBeGreaterThan(0);
    const before = renders;
    expect((await get({ "save-data": "on" })).body).toBe("<p>light</p>");
    expect((await get({})).body).toBe("<p>full</p><script></script>");
    expect(renders).toBe(before);
  });
});

describe("pictures in light mode", () => {
  const story: StoryCardData = {
    id: 7,
    title: "Ээжийн гар",
    preview: "Түүх",
    author: "saraa",
    author_avatar_url: "/media/avatar",
    pricing_tier: "free",
    is_premium: false,
    submitted_at: "2026-03-05T06:00:00.000Z",
    expires_at: null,
    is_featured: false,
    hearts_count: 2,
    comments_count: 0,
    image: { url: "/media/full", thumbnail_url: "/media/thumb", width: 1600, height: 1067 },
  };
  // The router's state as the root's loader leaves it.
  const withRoot = (light: boolean, child: ReactNode) =>
    createElement(
      UNSAFE_DataRouterStateContext.Provider,
      { value: { loaderData: { root: { light } }, fetchers: new Map() } as never },
      child,
    );
  const card = (light: boolean) =>
    renderToString(
      createElement(MemoryRouter, null, withRoot(light, createElement(StoryCard, { story }))),
    );

  it("a card loads no picture and offers its small size as a link", () => {
    const html = card(true);
    expect(html).not.toContain("<img");
    expect(html).toMatch(/<a href="\/media\/thumb"[^>]*data-testid="show-image"/);
    expect(html).toContain("light.showImageOf");
  });

  it("the full page is unchanged", () => {
    const html = card(false);
    expect(html).toContain('src="/media/thumb"');
    expect(html).toContain('src="/media/avatar"');
    expect(html).not.toContain("show-image");
  });
});
