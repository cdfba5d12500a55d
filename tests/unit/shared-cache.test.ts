import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  applyDocumentCaching,
  isAnonymousRequest,
  shareIfAnonymous,
} from "~/http/shared-cache.server";
import { nginxConfig } from "../../bench/nginx";

const request = (cookie?: string, method = "GET") =>
  new Request("http://localhost/", { method, headers: cookie ? { Cookie: cookie } : {} });

function decide(req: Request, status = 200, routeAllows = true, headers = new Headers()) {
  applyDocumentCaching(req, status, headers, routeAllows);
  return headers;
}

describe("shared caching of pages (decision 014)", () => {
  it("only language and theme cookies keep a request anonymous", () => {
    expect(isAnonymousRequest(request())).toBe(true);
    expect(isAnonymousRequest(request("lng=en; storyshare-theme=dark"))).toBe(true);
    expect(isAnonymousRequest(request("lng=en; storyshare_session=abc"))).toBe(false);
    expect(isAnonymousRequest(request("storyshare_toast=x"))).toBe(false);
    expect(isAnonymousRequest(request("storyshare_fresh=1"))).toBe(false);
  });

  it("a public route read anonymously is shared, and varies on Cookie", () => {
    const headers = decide(request("lng=en"));
    expect(headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=10");
    expect(headers.get("Vary")).toContain("Cookie");
  });

  it("anything personal, failed, posted, cookie-setting or not opted in stays private", () => {
    const setCookie = new Headers({ "Set-Cookie": "lng=en" });
    for (const headers of [
      decide(request("storyshare_session=abc")),
      decide(request("storyshare_fresh=1")),
      decide(request(), 404),
      decide(request(undefined, "POST")),
      decide(request(), 200, false),
      decide(request(), 200, true, setCookie),
    ]) {
      expect(headers.get("Cache-Control")).toBe("private, no-cache");
      expect(headers.get("Vary")).toContain("Cookie");
    }
  });

  it("a route's own Cache-Control (the donate pages' no-store) is kept", () => {
    const headers = decide(
      request(),
      200,
      true,
      new Headers({ "Cache-Control": "private, no-store" }),
    );
    expect(headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a public /api read is shared only when anonymous", () => {
    const json = () => Response.json([], { headers: { "Cache-Control": "no-store" } });
    expect(shareIfAnonymous(request(), json()).headers.get("Cache-Control")).toContain("public");
    expect(
      shareIfAnonymous(request("storyshare_session=abc"), json()).headers.get("Cache-Control"),
    ).toBe("no-store");
  });
});

describe("the nginx configuration of docs/deployment.md", () => {
  const doc = readFileSync("docs/deployment.md", "utf8");
  const map = doc.match(/map \$http_cookie \$storyshare_personal \{[^}]*\}/)?.[0] ?? "";
  const pattern = new RegExp(map.match(/"~(.*)" 0;/)?.[1] ?? "^$");
  // nginx's map: the empty header is listed on its own, anything else must match the pattern.
  const skipsCache = (cookie: string) => cookie !== "" && !pattern.test(cookie);

  it("bypasses its cache exactly for the requests the app answers privately", () => {
    for (const cookie of [
      "",
      "lng=en",
      "lng=mn; storyshare-theme=dark",
      "storyshare-theme=light;lng=en",
      "storyshare-light=1; lng=en",
      "storyshare-light=0;storyshare_session=abc",
      "storyshare_session=abc",
      "lng=en; storyshare_session=abc",
      "storyshare_fresh=1",
      "storyshare_toast=x; lng=en",
      "foo=1",
      "lngx=1",
      "xlng=en",
    ]) {
      expect(skipsCache(cookie), cookie).toBe(!isAnonymousRequest(request(cookie || undefined)));
    }
  });

  it("is the configuration npm run bench measures", () => {
    const bench = nginxConfig("/tmp/x", 1, [2]);
    const squash = (text: string) => text.replace(/\s+/g, " ").trim();
    const encoding = doc.match(/map "[^"]*" \$storyshare_upstream_encoding \{[^}]*\}/)?.[0] ?? "";
    for (const block of [map, encoding]) {
      expect(block).not.toBe("");
      expect(squash(bench)).toContain(squash(block));
    }
    for (const directive of [
      "proxy_cache_lock on;",
      "proxy_cache_bypass $storyshare_personal;",
      "proxy_no_cache $storyshare_personal;",
      "proxy_cache_revalidate on;",
      "proxy_cache_use_stale error timeout updating;",
      "proxy_set_header Host $http_host;",
      "proxy_cache_key $scheme$host$request_uri;",
      "proxy_set_header Accept-Encoding $storyshare_upstream_encoding;",
      "gzip_comp_level 1;",
      "gzip_proxied any;",
      "keepalive_timeout 4s;",
    ]) {
      expect(doc).toContain(directive);
      expect(bench).toContain(directive);
    }
  });
});
