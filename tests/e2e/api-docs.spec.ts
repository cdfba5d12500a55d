import { expect, test } from "./fixtures";

/**
 * Issue 24: /api/docs is the site's own page made from /api/openapi.json — every operation of the
 * document is on it, readable with JavaScript off, in the page's language.
 */
test("the API reference shows every operation of the OpenAPI document, in both languages", async ({
  page,
  request,
}) => {
  const doc = (await (await request.get("/api/openapi.json")).json()) as {
    openapi: string;
    paths: Record<string, Record<string, { summary: string }>>;
  };
  expect(doc.openapi).toBe("3.1.0");
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
  expect(operations.length).toBeGreaterThan(20);

  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API лавлах");
  // One card per operation; one that takes PATCH or POST is one card naming both.
  const cards = page.locator("main article");
  await expect(cards).toHaveCount(new Set(operations.map((o) => `${o.path} ${o.op.summary}`)).size);
  const comment = cards.filter({ hasText: "/api/stories/{id}/comments" }).filter({
    hasText: "Comment on a story",
  });
  await expect(comment).toContainText("POST");
  await expect(comment).toContainText("content");
  await expect(comment).toContainText("401");
  await expect(page.getByRole("link", { name: "OpenAPI 3.1 баримтыг татах" })).toHaveAttribute(
    "href",
    "/api/openapi.json",
  );

  await page.goto("/api/docs?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference");
  await expect(page.getByRole("navigation", { name: "Contents" })).toContainText("Sign in");
});
