import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { E2E_DIR } from "../../playwright.config";
import { gifFrames } from "../gif-frames";
import { pngHeader } from "../png-header";
import { newUser } from "./helpers";

/**
 * Issue 23, item 7, over HTTP: the same photo posted at the same moment, a picture too large in
 * pixels, an animation too large over all its frames.
 */

test("eight posts of the same photo at once are all stored, under one picture", async () => {
  const { api } = await newUser("photos");
  const png = await sharp({
    create: { width: 120, height: 80, channels: 3, background: "#a05030" },
  })
    .png()
    .toBuffer();
  const image = `data:image/png;base64,${png.toString("base64")}`;
  const posts = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      api.post("/api/stories", {
        data: {
          title: `Нэг зураг ${i}`,
          story: "Нэг зургийг найман удаа зэрэг илгээв.",
          pricing_tier: "free",
          bank_name: "Khan Bank",
          bank_account: "5012345678",
          story_image: image,
        },
      }),
    ),
  );
  const statuses = posts.map((p) => p.status());
  expect(statuses).toEqual(Array(8).fill(201));
  const images = await Promise.all(
    posts.map(async (p) => ((await p.json()) as { story_image: string }).story_image),
  );
  expect(new Set(images).size).toBe(1);
  // On the server's disk: one file under that name, and no temporary file left by a lost race.
  const id = images[0]!.slice("/media/".length);
  const folder = path.join(E2E_DIR, "media", id.slice(0, 2), id.slice(2, 4));
  expect(readdirSync(folder).filter((name) => name.startsWith(id))).toEqual([id]);
});

test("a picture of 20,000 × 20,000 pixels is refused with its own message", async () => {
  const { api } = await newUser("huge");
  const huge = pngHeader(20_000, 20_000);
  const res = await api.post("/api/stories?lng=en", {
    data: {
      title: "Аварга зураг",
      story: "Энэ түүхэнд хэт том зураг хавсаргав.",
      pricing_tier: "free",
      bank_name: "Khan Bank",
      bank_account: "5012345678",
      story_image: `data:image/png;base64,${huge.toString("base64")}`,
    },
  });
  expect(res.status()).toBe(413);
  const body = (await res.json()) as { fieldErrors: { story_image: string[] } };
  expect(body.fieldErrors.story_image[0]).toContain("20,000 × 20,000 pixels");
});

test("an animation of many frames is refused with its size and frames, not 'only images'", async () => {
  const { api } = await newUser("frames");
  const res = await api.post("/api/stories?lng=en", {
    data: {
      title: "Олон кадр",
      story: "Энэ түүхэнд олон кадртай хөдөлгөөнт зураг хавсаргав.",
      pricing_tier: "free",
      bank_name: "Khan Bank",
      bank_account: "5012345678",
      story_image: `data:image/gif;base64,${gifFrames(2_000, 2_000, 12).toString("base64")}`,
    },
  });
  expect(res.status()).toBe(413);
  const body = (await res.json()) as { fieldErrors: { story_image: string[] } };
  expect(body.fieldErrors.story_image[0]).toContain("12 frames of 2,000 × 2,000 pixels");
});
