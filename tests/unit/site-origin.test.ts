import { afterEach, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { clientIp, isSameOrigin } from "~/http/http.server";
import { siteOrigin } from "~/http/origin.server";
import { routeAllowsSharing } from "~/http/shared-cache.server";
import { loader as robots } from "~/routes/robots[.]txt";
import { loader as rss } from "~/routes/rss[.]xml";
import { loader as sitemap } from "~/routes/sitemap[.]xml";

/** Issue 23, items 4 and 5: absolute links from SITE_URL; X-Forwarded-* only with TRUST_PROXY. */
const forged = (path = "/x", headers: Record<string, string> = {}) =>
  new Request(`http://evil.example${path}`, {
    headers: {
      host: "evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      ...headers,
    },
  });

const args = (request: Request) => ({ request, params: {}, context: {} });

afterEach(() => {
  config.SITE_URL = undefined;
  config.TRUST_PROXY = false;
  config.FRONT_SECRET = undefined;
});

describe("forwarded headers", () => {
  it("are ignored without TRUST_PROXY: a forged X-Forwarded-Host does not pass the CSRF check", () => {
    const post = new Request("http://localhost:3000/login", {
      method: "POST",
      headers: {
        host: "localhost:3000",
        origin: "https://evil.example",
        "x-forwarded-host": "evil.example",
      },
    });
    expect(isSameOrigin(post)).toBe(false);
    config.TRUST_PROXY = true;
    expect(isSameOrigin(post)).toBe(true); // a trusted proxy names the host the browser used
  });

  it("name the origin only with TRUST_PROXY", () => {
    const request = new Request("http://127.0.0.1:3000/", {
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    expect(siteOrigin(request)).toBe("http://127.0.0.1:3000");
    config.TRUST_PROXY = true;
    expect(siteOrigin(request)).toBe("https://evil.example");
  });
});

describe("a worker behind npm start's front (issue 38, item 1; decision 046)", () => {
  const secret = "s".repeat(43);
  const direct = (headers: Record<string, string> = {}) =>
    new Request("http://127.0.0.1:41000/api/register", {
      headers: { "x-forwarded-for": "6.6.6.6", "x-forwarded-host": "evil.example", ...headers },
    });

  it("believes X-Forwarded-* only with the front's per-boot secret", () => {
    config.TRUST_PROXY = true;
    config.FRONT_SECRET = secret;
    // Whatever reaches the worker's port without the secret names nobody.
    expect(clientIp(direct())).toBeNull();
    expect(clientIp(direct({ "x-storyshare-front": "guess" }))).toBeNull();
    expect(clientIp(direct({ "x-storyshare-front": `${secret}x` }))).toBeNull();
    expect(siteOrigin(direct({ "x-forwarded-proto": "https" }))).toBe("http://127.0.0.1:41000");
    // The front's own request is believed.
    expect(clientIp(direct({ "x-storyshare-front": secret }))).toBe("6.6.6.6");
    expect(siteOrigin(direct({ "x-storyshare-front": secret, "x-forwarded-proto": "https" }))).toBe(
      "https://evil.example",
    );
  });

  it("behind a proxy of the operator's own (no front), TRUST_PROXY alone still decides", () => {
    config.TRUST_PROXY = true;
    expect(clientIp(direct())).toBe("6.6.6.6");
  });
});

describe("SITE_URL", () => {
  it("is the origin of every absolute link, whatever Host the request names", async () => {
    config.SITE_URL = "https://storyshare.mn/";
    config.TRUST_PROXY = true;
    expect(siteOrigin(forged())).toBe("https://storyshare.mn");
    for (const loader of [robots, rss, sitemap]) {
      const response = await loader(args(forged()));
      const body = await response.text();
      expect(body).toContain("https://storyshare.mn/");
      expect(body).not.toContain("evil.example");
      expect(response.headers.get("Cache-Control")).toMatch(/^public/);
    }
  });

  it("unset: feeds follow the request but no shared cache may keep them", async () => {
    for (const loader of [robots, rss, sitemap]) {
      const response = await loader(args(forged()));
      expect(await response.text()).toContain("http://evil.example/");
      expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    }
  });

  it("unset: pages with canonical and Open Graph links are not shared; others still are", () => {
    const story = { sharedCache: true, absoluteLinks: true };
    expect(routeAllowsSharing(story)).toBe(false);
    expect(routeAllowsSharing({ sharedCache: true })).toBe(true);
    config.SITE_URL = "https://storyshare.mn";
    expect(routeAllowsSharing(story)).toBe(true);
    expect(routeAllowsSharing(undefined)).toBe(false);
  });

  it("is an origin: a path or another scheme stops the server at start", async () => {
    const { parseConfig } = await import("~/config.server");
    const base = { ...process.env };
    expect(() => parseConfig({ ...base, SITE_URL: "https://storyshare.mn/app" })).toThrow(
      /SITE_URL/,
    );
    expect(() => parseConfig({ ...base, SITE_URL: "ftp://storyshare.mn" })).toThrow(/SITE_URL/);
    expect(parseConfig({ ...base, SITE_URL: "https://storyshare.mn" }).SITE_URL).toBe(
      "https://storyshare.mn",
    );
  });
});
