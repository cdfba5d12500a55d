import { describe, expect, it } from "vitest";
import {
  applyDocumentCaching,
  isAnonymousRequest,
  shareIfAnonymous,
} from "~/utils/shared-cache.server";

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
