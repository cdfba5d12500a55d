import { describe, expect, it } from "vitest";
import { isAnonymousRequest } from "~/http/shared-cache.server";
import { THEME_COOKIE as APP_THEME_COOKIE } from "~/theme.server";
import {
  anonymousChoices,
  baseKey,
  isAnonymous,
  sharedLifetime,
  THEME_COOKIE,
  varyKey,
} from "../../server/front/rules";

/** Decision 037: the front shares exactly what decision 014's rule calls anonymous. */

const cookies = [
  undefined,
  "",
  "lng=en",
  "lng=mn; storyshare-theme=dark",
  "storyshare-theme=light",
  "storyshare-light=1",
  "lng=en; storyshare-light=0; storyshare-theme=dark",
  "storyshare-light=1; storyshare_fresh=1",
  "storyshare_fresh=1",
  "lng=en; storyshare_fresh=1",
  "__session=abc",
  "lng=en; __session=abc; storyshare-theme=dark",
  "other=1",
  " ; lng=mn ;",
];

describe("the front's anonymous rule", () => {
  it("uses the app's theme cookie", () => {
    expect(THEME_COOKIE).toBe(APP_THEME_COOKIE);
  });

  it.each(cookies)("agrees with isAnonymousRequest for Cookie %j", (cookie) => {
    const request = new Request("http://x/", { headers: cookie ? { cookie } : {} });
    expect(isAnonymous(cookie === undefined ? {} : { cookie })).toBe(isAnonymousRequest(request));
  });

  it.each(cookies)("reads Cookie %j once for the rule and the key alike", (cookie) => {
    const headers = cookie === undefined ? {} : { cookie };
    const choices = anonymousChoices(headers);
    expect(choices !== null).toBe(isAnonymous(headers));
    if (choices !== null) {
      expect(baseKey("h", "/", headers, choices)).toBe(baseKey("h", "/", headers));
      expect(varyKey(["cookie"], headers, choices)).toBe(varyKey(["cookie"], headers));
    }
  });

  it("never counts a request with the own-writes cookie or a credential as anonymous", () => {
    expect(isAnonymous({ cookie: "storyshare_fresh=1" })).toBe(false);
    expect(isAnonymous({ authorization: "Bearer x" })).toBe(false);
    expect(anonymousChoices({ authorization: "Bearer x", cookie: "lng=en" })).toBeNull();
  });
});

describe("what an answer lets the front keep", () => {
  const shared = "public, max-age=0, s-maxage=10";
  it("keeps a public 200 with s-maxage for s-maxage seconds", () => {
    expect(sharedLifetime(200, { "cache-control": shared })).toBe(10);
  });
  it.each([
    ["a Set-Cookie", 200, { "cache-control": shared, "set-cookie": ["a=1"] }],
    ["a 404", 404, { "cache-control": shared }],
    ["private", 200, { "cache-control": "private, no-cache" }],
    ["no-store", 200, { "cache-control": "no-store" }],
    ["public without s-maxage", 200, { "cache-control": "public, max-age=31536000, immutable" }],
    ["Vary: *", 200, { "cache-control": shared, vary: "*" }],
    ["no Cache-Control", 200, {}],
  ])("never keeps an answer with %s", (_, status, headers) => {
    expect(sharedLifetime(status as number, headers)).toBe(0);
  });
});

describe("keys", () => {
  it("keep languages and themes apart, and nothing else of the cookies", () => {
    const en = baseKey("h", "/", { cookie: "lng=en" });
    expect(baseKey("h", "/", { cookie: "lng=mn" })).not.toBe(en);
    expect(baseKey("h", "/", { cookie: "lng=en; storyshare-theme=dark" })).not.toBe(en);
    expect(baseKey("h", "/", { cookie: " lng=en " })).toBe(en);
    expect(baseKey("other", "/", { cookie: "lng=en" })).not.toBe(en);
    expect(baseKey("h", "/?page=2", { cookie: "lng=en" })).not.toBe(en);
  });
  it("honour every Vary name but Accept-Encoding, which the front serves itself", () => {
    const names = ["cookie", "accept-language", "accept-encoding"];
    const a = varyKey(names, { "accept-language": "en", "accept-encoding": "gzip" });
    expect(varyKey(names, { "accept-language": "mn", "accept-encoding": "gzip" })).not.toBe(a);
    expect(varyKey(names, { "accept-language": "en", "accept-encoding": "br" })).toBe(a);
  });
});
