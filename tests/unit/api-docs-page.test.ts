import { describe, expect, it } from "vitest";
import { loader } from "~/routes/api.docs";
import { getRequest, routeArgs } from "./helpers";

/** The reference page shows every content type a body may come as, not only the first. */
describe("/api/docs request bodies", () => {
  it("lists JSON and multipart for a new campaign and for a campaign update", async () => {
    const { groups } = await loader(routeArgs(getRequest("/api/docs")));
    const ops = groups.flatMap((g) => g.operations);
    const typesOf = (method: string, path: string) =>
      ops
        .find((op) => op.method === method && op.path === path)
        ?.body?.content.map((c) => c.contentType);
    expect(typesOf("POST", "/api/donation-pools")).toEqual([
      "application/json",
      "multipart/form-data",
    ]);
    expect(typesOf("POST", "/api/donation-pools/{id}/updates")).toEqual([
      "application/json",
      "multipart/form-data",
    ]);
    expect(typesOf("POST", "/api/login")).toEqual(["application/json"]);
  });
});
