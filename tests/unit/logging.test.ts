import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { requireSameOrigin } from "~/http/http.server";
import { errorFields, logger } from "~/lib/logger.server";

/** What the server's log says about thrown things: faults are errors, 4xx answers are not. */

const args = (method: string, path: string) => ({
  request: new Request(`http://localhost${path}`, { method }),
  params: {},
  context: {},
});

/** The shape Remix gives a 405 (no action) or a refusal thrown with data(…, { status }). */
const routeError = (status: number) => ({
  status,
  statusText: "",
  internal: true,
  data: "refused",
});

afterEach(() => vi.restoreAllMocks());

describe("handleError", () => {
  it("logs a thrown Error as request.error, with its message", () => {
    const error = vi.spyOn(logger, "error");
    handleError(new Error("boom"), args("GET", "/stories"));
    expect(error).toHaveBeenCalledWith(
      "request.error",
      expect.objectContaining({ method: "GET", path: "/stories", error: "boom" }),
    );
  });

  it("does not log a 4xx answer as an error (a POST to a page without an action, a refusal)", () => {
    const error = vi.spyOn(logger, "error");
    handleError(routeError(405), args("POST", "/admin"));
    handleError(routeError(403), args("POST", "/resources/theme"));
    expect(error).not.toHaveBeenCalled();
  });

  it("still logs a 5xx route error", () => {
    const error = vi.spyOn(logger, "error");
    handleError(routeError(500), args("POST", "/admin"));
    expect(error).toHaveBeenCalledOnce();
  });
});

describe("access denials", () => {
  it("a form posted from another site is refused and logged as a warning, with where it came from", () => {
    const warn = vi.spyOn(logger, "warn");
    const request = new Request("http://localhost/resources/theme", {
      method: "POST",
      headers: { host: "localhost", origin: "https://evil.example" },
    });
    expect(() => requireSameOrigin(request)).toThrow();
    expect(warn).toHaveBeenCalledWith(
      "request.cross_origin_refused",
      expect.objectContaining({ path: "/resources/theme", origin: "https://evil.example" }),
    );
  });
});

describe("errorFields", () => {
  it("gives an Error's message and stack", () => {
    const fields = errorFields(new Error("disk full"));
    expect(fields.error).toBe("disk full");
    expect(fields).toHaveProperty("stack");
  });

  it("gives other objects as JSON, not [object Object]", () => {
    expect(errorFields({ status: 418, data: "teapot" })).toEqual({
      error: '{"status":418,"data":"teapot"}',
    });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(errorFields(circular)).toEqual({ error: "[object Object]" });
    expect(errorFields("text")).toEqual({ error: "text" });
  });
});
