import { describe, expect, it } from "vitest";
import { action as theme } from "~/routes/resources.theme";
import { screenAction } from "~/web/route.server";
import { ORIGIN, routeArgs } from "./helpers";

/**
 * Issue 38, item 2 (decision 046): a write's answer tells npm start's front what it changed. A
 * theme switch changes no shared page, so the front keeps its pages fresh; a write that does not
 * say is believed to have changed them all; a route may name the pages it changed.
 */

function post(path: string, body: string) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      host: "localhost:3000",
      origin: ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
    },
    body,
  });
}

const purgeOf = (outcome: unknown) => {
  if (outcome instanceof Response) return outcome.headers.get("x-cache-purge");
  const init = (outcome as { init?: ResponseInit }).init;
  return new Headers(init?.headers).get("x-cache-purge");
};

describe("what a write tells the cache in front", () => {
  it("a theme switch changed nothing shared", async () => {
    const answer = await theme(routeArgs(post("/resources/theme", "theme=dark")));
    expect(answer.headers.get("x-cache-purge")).toBe("none");
  });

  it("a write that does not say changed every shared page; one may name its pages", async () => {
    const request = () => post("/anything", "a=1");
    expect(purgeOf(await screenAction(routeArgs(request()), async () => ({ ok: true })))).toBe("*");
    const named = await screenAction(routeArgs(request()), async () => new Response("ok"), {
      changes: ["/stories/7", "/"],
    });
    expect(purgeOf(named)).toBe("/stories/7, /");
  });
});
