import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { seed } from "#db/seed";
import { ogHash, renderOgCard } from "~/models/og-image.server";
import { ORIGIN, routeArgs } from "./helpers";

/** Issue 19, item 5: every story and campaign has a 1200×630 link-preview picture of its own. */

beforeAll(async () => {
  await seed();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, { headers });

describe("link-preview pictures", () => {
  it("a published story's is a 1200×630 JPEG, kept by its content's hash", async () => {
    const { loader } = await import("~/routes/og.story.$id");
    const res = await loader(routeArgs(get("/og/story/1"), { id: "1" }));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/jpeg");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({
      width: 1200,
      height: 630,
      format: "jpeg",
    });
    // Asked again with its ETag: nothing to send.
    const again = await loader(
      routeArgs(get("/og/story/1", { "If-None-Match": res.headers.get("ETag")! }), { id: "1" }),
    );
    expect(again.status).toBe(304);
  });

  it("the title is drawn from the repository's font: another title, another picture", async () => {
    const card = { title: "Өвөлжөө рүү нүүсэн өдөр", subtitle: "оюунаа", footer: "StoryShare" };
    const [a, b, blank] = await Promise.all([
      renderOgCard(card),
      renderOgCard({ ...card, title: "Үүр цайх үед" }),
      renderOgCard({ ...card, title: " " }),
    ]);
    const raw = (jpeg: Buffer) => sharp(jpeg).greyscale().raw().toBuffer();
    const [ra, rb, rblank] = await Promise.all([raw(a), raw(b), raw(blank)]);
    // Bright pixels (the white letters) where the title is set: many with a title, none without.
    const letters = (pixels: Buffer) => {
      let n = 0;
      for (let y = 300; y < 470; y++)
        for (let x = 72; x < 1128; x++) if (pixels[y * 1200 + x]! > 200) n++;
      return n;
    };
    expect(letters(ra)).toBeGreaterThan(2000);
    expect(letters(rblank)).toBeLessThan(50);
    expect(ra.equals(rb)).toBe(false);
    expect(ogHash(card)).not.toBe(ogHash({ ...card, title: "Үүр цайх үед" }));
  });

  it("a campaign and the site have theirs; an unknown or unpublished story has none", async () => {
    const pool = await import("~/routes/og.pool.$id");
    expect((await pool.loader(routeArgs(get("/og/pool/1"), { id: "1" }))).status).toBe(200);
    const site = await import("~/routes/og.site");
    expect((await site.loader(routeArgs(get("/og/site")))).status).toBe(200);
    const story = await import("~/routes/og.story.$id");
    expect((await story.loader(routeArgs(get("/og/story/999999"), { id: "999999" }))).status).toBe(
      404,
    );
    expect((await story.loader(routeArgs(get("/og/story/abc"), { id: "abc" }))).status).toBe(404);
  });
});
