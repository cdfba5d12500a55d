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
        .find((op) => op.methods.includes(method) && op.path === path)
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

/** The one error shape is shown once (the introduction and Shapes), not under every refusal. */
describe("/api/docs answers", () => {
  it("shows a refusal's status and words without repeating the error shape", async () => {
    const { groups, schemas } = await loader(routeArgs(getRequest("/api/docs")));
    const answers = groups.flatMap((g) => g.operations.flatMap((op) => op.responses));
    const refusals = answers.filter((a) => Number(a.status) >= 400);
    expect(refusals.length).toBeGreaterThan(100);
    expect(refusals.every((a) => a.schema === null && a.description.length > 0)).toBe(true);
    expect(schemas.map(([name]) => name)).toContain("Error");
    expect(answers.some((a) => a.status.startsWith("2") && a.schema !== null)).toBe(true);
  });
});

/** An operation that takes PATCH or POST is one card naming both. */
describe("/api/docs twin methods", () => {
  it("shows approving a story once, as PATCH and POST", async () => {
    const { groups } = await loader(routeArgs(getRequest("/api/docs")));
    const approve = groups
      .flatMap((g) => g.operations)
      .filter((op) => op.path === "/api/stories/{id}/approve");
    expect(approve.map((op) => op.methods)).toEqual([["PATCH", "POST"]]);
  });
});
