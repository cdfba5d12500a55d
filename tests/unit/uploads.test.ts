import { readdirSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { media } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { hitLimit } from "~/http/rate-limit.server";
import { translatorFor } from "~/i18next.server";
import { storeImage } from "~/models/media.server";
import { createUser, type User } from "~/models/users.server";
import { action as createPoolApi } from "~/routes/api.donation-pools";
import { action as apiCreate } from "~/routes/api.stories";
import { action as wizard } from "~/routes/post-story";
import { translateMessage } from "~/schemas/zod";
import { gifFrames } from "../gif-frames";
import { pngHeader } from "../png-header";
import { jsonRequest, ORIGIN, routeArgs, signInAs } from "./helpers";

/** Issue 23, item 7: uploads that race, pictures too large in pixels, limits before storing. */

const photo = (seed: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed, g: 80, b: 160 } } })
    .png()
    .toBuffer();

const mediaFiles = () =>
  readdirSync(process.env.MEDIA_DIR!, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
const mediaRows = async () => (await db.select({ n: count() }).from(media))[0]!.n;

let author: User;
let cookie = "";
beforeAll(async () => {
  author = await createUser("uploader", "secret-pass");
  cookie = await signInAs("uploader");
});

describe("storing the same picture at the same moment", () => {
  it("eight at once all succeed, as one file and one row", async () => {
    const bytes = await photo(7);
    const ids = await Promise.all(Array.from({ length: 8 }, () => storeImage(bytes)));
    expect(new Set(ids).size).toBe(1);
    const row = await db.query.media.findFirst({ where: eq(media.id, ids[0]!) });
    expect(row).toBeDefined();
    const files = mediaFiles().filter((f) => path.basename(f).startsWith(ids[0]!));
    expect(files).toHaveLength(1);
    expect(mediaFiles().some((f) => f.endsWith(".tmp"))).toBe(false);
  });
});

/** How storeImage refuses these bytes: its status, and its message in English and Mongolian. */
async function refusal(bytes: Buffer) {
  const error = await storeImage(bytes).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  const { status, message } = error as HttpError;
  const en = (await translatorFor("en")).getFixedT("en", "common");
  const mn = (await translatorFor("mn")).getFixedT("mn", "common");
  return {
    status,
    en: translateMessage(en, message),
    mn: translateMessage(mn, message),
  };
}

describe("a picture too large in pixels", () => {
  it("gets its own message naming its size, in both languages, not 'only images'", async () => {
    const { status, en, mn } = await refusal(pngHeader(20_000, 20_000));
    expect(status).toBe(413);
    expect(en).toBe(
      "This picture is 20,000 × 20,000 pixels; the largest we take is 40 megapixels. Please choose a smaller one.",
    );
    expect(mn).toMatch(/^Энэ зураг 20.000 × 20.000 пиксел/);
  });

  it("POST /api/stories answers 413 with that message on story_image", async () => {
    const res = (await apiCreate(
      routeArgs(
        jsonRequest(
          "/api/stories?lng=en",
          {
            title: "Том зураг",
            story: "Энэ түүхэнд хэт том зураг хавсаргав.",
            pricing_tier: "free",
            bank_name: "Khan Bank",
            bank_account: "5012345678",
            story_image: `data:image/png;base64,${pngHeader(20_000, 20_000).toString("base64")}`,
          },
          { cookie },
        ),
      ),
    )) as Response;
    expect(res.status).toBe(413);
    const body = (await res.json()) as { fieldErrors: { story_image: string[] } };
    expect(body.fieldErrors.story_image[0]).toMatch(/^This picture is 20,000 × 20,000 pixels/);
  });
});

describe("an animation too large over all its frames", () => {
  it("gets its own message naming its size and frames (the header shows one frame)", async () => {
    // Twelve frames of 2,000 × 2,000: 4 megapixels each, 48 in all, which the decoder refuses.
    const { status, en, mn } = await refusal(gifFrames(2_000, 2_000, 12));
    expect(status).toBe(413);
    expect(en).toBe(
      "This animation has 12 frames of 2,000 × 2,000 pixels; the largest we take is 40 megapixels for all its frames together. Please choose a shorter or smaller one.",
    );
    expect(mn).toMatch(/^Энэ хөдөлгөөнт зураг 2.000 × 2.000 пикселийн 12 кадраас/);
  });

  it("a small animation is still taken", async () => {
    const id = await storeImage(gifFrames(400, 300, 3));
    const row = await db.query.media.findFirst({ where: eq(media.id, id) });
    expect(row).toMatchObject({ width: 400, height: 300 });
  });
});

/** A step-1 post of the wizard, with the author's text and a file. */
async function wizardUpload(image: Buffer, sessionCookie: string) {
  const form = new FormData();
  form.set("step", "1");
  form.set("intent", "next");
  form.set("title", "Миний аялал");
  form.set("story", "Өвөл бид говь руу аялсан юм.");
  form.set("image", new File([new Uint8Array(image)], "picture.png", { type: "image/png" }));
  const request = new Request(`${ORIGIN}/post-story`, {
    method: "POST",
    headers: { host: "localhost:3000", origin: ORIGIN, cookie: sessionCookie },
    body: form,
  });
  return (await wizard(routeArgs(request))) as unknown as {
    data: {
      step: number;
      result: {
        initialValue: { title: string; story: string; image_id: string };
        error: { image?: string[] };
      };
    };
    init: { status: number };
  };
}

describe("the wizard's step 1 and a picture too large in pixels", () => {
  it("shows the size message on the image field, keeps the text and stores nothing", async () => {
    await createUser("huge_picture_author", "secret-pass");
    const [rows, files] = [await mediaRows(), mediaFiles().length];
    const { data, init } = await wizardUpload(
      pngHeader(20_000, 20_000),
      await signInAs("huge_picture_author"),
    );
    expect(init.status).toBe(400);
    expect(data.step).toBe(1);
    expect(data.result.initialValue).toMatchObject({
      title: "Миний аялал",
      story: "Өвөл бид говь руу аялсан юм.",
      image_id: "",
    });
    const message = data.result.error.image?.[0] ?? "";
    const en = (await translatorFor("en")).getFixedT("en", "common");
    expect(translateMessage(en, message)).toMatch(/^This picture is 20,000 × 20,000/);
    expect(await mediaRows()).toBe(rows);
    expect(mediaFiles().length).toBe(files);
  });
});

describe("limits come before storing", () => {
  it("a story refused by the hourly limit leaves no file and no row", async () => {
    const limited = await createUser("limited_author", "secret-pass");
    const limitedCookie = await signInAs("limited_author");
    for (let i = 0; i < 10; i++)
      await hitLimit({ key: `story:user:${limited.id}`, max: 10, windowMs: 3_600_000 });
    const [rows, files] = [await mediaRows(), mediaFiles().length];
    const res = (await apiCreate(
      routeArgs(
        jsonRequest(
          "/api/stories",
          {
            title: "Одоо биш",
            story: "Энэ түүх цагийн хязгаарт хүрсэн тул хадгалагдахгүй.",
            pricing_tier: "free",
            bank_name: "Khan Bank",
            bank_account: "5012345678",
            story_image: `data:image/png;base64,${(await photo(99)).toString("base64")}`,
          },
          { cookie: limitedCookie },
        ),
      ),
    )) as Response;
    expect(res.status).toBe(429);
    expect(await mediaRows()).toBe(rows);
    expect(mediaFiles().length).toBe(files);
  });

  it("stories sent at once by an author at the limit: only the one taken leaves its image", async () => {
    const racer = await createUser("racing_author", "secret-pass");
    const racerCookie = await signInAs("racing_author");
    for (let i = 0; i < 9; i++)
      await hitLimit({ key: `story:user:${racer.id}`, max: 10, windowMs: 3_600_000 });
    const [rows, files] = [await mediaRows(), mediaFiles().length];
    // Four different pictures, so each taken story would add its own two files (image, thumbnail).
    const pictures = await Promise.all([201, 202, 203, 204].map(photo));
    const answers = await Promise.all(
      pictures.map(
        (bytes, i) =>
          apiCreate(
            routeArgs(
              jsonRequest(
                "/api/stories",
                {
                  title: `Зэрэг илгээсэн ${i}`,
                  story: "Нэг зохиогч дөрвөн түүхийг зэрэг илгээв.",
                  pricing_tier: "free",
                  bank_name: "Khan Bank",
                  bank_account: "5012345678",
                  story_image: `data:image/png;base64,${bytes.toString("base64")}`,
                },
                { cookie: racerCookie },
              ),
            ),
          ) as Promise<Response>,
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 429, 429, 429]);
    expect(await mediaRows()).toBe(rows + 2);
    expect(mediaFiles().length).toBe(files + 2);
  });

  it("POST /api/donation-pools with one bad photo stores none of its files", async () => {
    await createUser("upload_admin", "secret-pass", "admin");
    const adminCookie = await signInAs("upload_admin");
    const [rows, files] = [await mediaRows(), mediaFiles().length];
    const res = (await createPoolApi(
      routeArgs(
        jsonRequest(
          "/api/donation-pools",
          {
            name: "Сургуулийн номын сан",
            description: "Хөдөөгийн сургуульд ном худалдан авна.",
            goal_amount: 250_000,
            bank_name: "Golomt Bank",
            bank_account: "1234567890",
            account_name: "Номын сан ТББ",
            photo_1: `data:image/png;base64,${(await photo(77)).toString("base64")}`,
            photo_2: `data:image/png;base64,${Buffer.from("not a picture").toString("base64")}`,
          },
          { cookie: adminCookie },
        ),
      ),
    )) as Response;
    expect(res.status).toBe(415);
    expect(Object.keys(((await res.json()) as { fieldErrors: object }).fieldErrors)).toEqual([
      "photo_2",
    ]);
    expect(await mediaRows()).toBe(rows);
    expect(mediaFiles().length).toBe(files);
  });

  it("the wizard's step-1 uploads have a limit of their own; what was typed is kept", async () => {
    const upload = async (n: number) => {
      const form = new FormData();
      form.set("step", "1");
      form.set("intent", "next");
      form.set("title", "Миний аялал");
      form.set("story", "Өвөл бид говь руу аялсан юм.");
      form.set("image", new File([await photo(n)], `p${n}.png`, { type: "image/png" }));
      const request = new Request(`${ORIGIN}/post-story`, {
        method: "POST",
        headers: { host: "localhost:3000", origin: ORIGIN, cookie },
        body: form,
      });
      return (await wizard(routeArgs(request))) as unknown as {
        data: {
          step: number;
          result: { initialValue: { title: string }; error?: { image?: string[] } };
        };
      };
    };
    for (let i = 0; i < 30; i++) expect((await upload(i)).data.result.error?.image).toBeUndefined();
    const refused = await upload(30);
    expect(refused.data.result.error?.image).toEqual(["errors.tooManyAttempts"]);
    expect(refused.data.step).toBe(1);
    expect(refused.data.result.initialValue.title).toBe("Миний аялал");
    expect(author.id).toBeTruthy();
  });
});
