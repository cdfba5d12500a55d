import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { media, settings, stories } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { getMedia, storeImage } from "~/models/media.server";
import {
  createStory,
  listOwnStories,
  newPaymentReference,
  ownStoryState,
} from "~/models/story-submission.server";
import { createUser, type User } from "~/models/users.server";
import { action as apiCreate } from "~/routes/api.stories";
import { action as wizard } from "~/routes/post-story";
import { StorySchema, type StoryStep1Schema } from "~/schemas/story";
import { jsonRequest, routeArgs, signInAs } from "./helpers";

const en = JSON.parse(readFileSync("app/locales/en/post.json", "utf8"));
const english = (key: string) =>
  key
    .replace(/^post:/, "")
    .split(".")
    .reduce((o, k) => o[k], en) as unknown as string;

const valid = {
  title: "Зудын өвөл",
  story: "Тэр өвөл цас их орсон бөгөөд мал сүрэг хээр гарч чадахгүй байв.",
  bank_name: "Khan Bank",
  bank_account: "5012345678",
  account_name: "Бат",
  pricing_tier: "free",
};

let author: User;
let other: User;
let cookie: string;
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();

beforeAll(async () => {
  author = await createUser("author_one", "secret-pass");
  other = await createUser("author_two", "secret-pass");
  cookie = await signInAs("author_one");
});

function fieldErrors(schema: typeof StorySchema | typeof StoryStep1Schema, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? {} : (result.error.flatten().fieldErrors as Record<string, string[]>);
}

describe("story form rules (spec 02 §5)", () => {
  it("gives the spec's messages, verbatim in English", () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "ab" }, "title", "Title must be at least 3 characters"],
      [{ title: "x".repeat(101) }, "title", "Title must be less than 100 characters"],
      [{ story: "too short" }, "story", "Story must be at least 10 characters"],
      [{ bank_name: "" }, "bank_name", "Bank name is required"],
      [{ bank_account: "" }, "bank_account", "Bank account is required"],
      [{ bank_account: "5012-3456" }, "bank_account", "Bank account must contain only numbers"],
      [
        { pricing_tier: "daily", payment_reference: "" },
        "payment_reference",
        "Payment reference is required for premium stories",
      ],
    ];
    for (const [change, field, message] of cases) {
      const errors = fieldErrors(StorySchema, { ...valid, ...change });
      expect(errors[field]?.map(english), field).toEqual([message]);
    }
    // A bank that is not in the list was given: the message names the list (decision 018).
    const other = fieldErrors(StorySchema, { ...valid, bank_name: "Some Bank" });
    expect(other.bank_name).toEqual([expect.stringMatching(/^errors\.input\.oneOf\|.*Khan Bank/)]);
  });

  it("accepts a valid story; account name and reference are optional for free stories", () => {
    expect(StorySchema.safeParse({ ...valid, account_name: "" }).success).toBe(true);
    expect(
      StorySchema.safeParse({ ...valid, pricing_tier: "weekly", payment_reference: "482913" })
        .success,
    ).toBe(true);
    expect(StorySchema.safeParse({ ...valid, pricing_tier: "gold" }).success).toBe(false);
  });

  it("payment references are 6-digit numbers from 100000 to 999999", () => {
    for (let i = 0; i < 200; i++) expect(newPaymentReference()).toMatch(/^[1-9]\d{5}$/);
  });
});

describe("story lifecycle (DESIGN §4)", () => {
  it("a free story is approved at submission, with nothing to pay", async () => {
    const story = await createStory(author, valid);
    expect(story).toMatchObject({
      status: "approved",
      is_approved: true,
      is_premium: false,
      payment_status: "verified",
      price: 0,
    });
    expect(story.approved_at).toBeTruthy();
    expect(story.payment_reference).toBeNull();
  });

  it("a free story waits for review when the moderation setting says so", async () => {
    await db
      .insert(settings)
      .values({ key: "moderation", value: JSON.stringify({ reviewFreeStories: true }) });
    const story = await createStory(author, valid);
    expect(story.status).toBe("pending");
    await db.delete(settings).where(eq(settings.key, "moderation"));
  });

  it("a paid story is premium, payment pending, not approved, with today's price and days", async () => {
    await db
      .insert(settings)
      .values({
        key: "premium",
        value: JSON.stringify({
          prices: { daily: 4000, weekly: 6000, monthly: 16000 },
          days: { daily: 2, weekly: 8, monthly: 31 },
        }),
      })
      .onConflictDoUpdate({
        target: settings.key,
        set: {
          value: JSON.stringify({
            prices: { daily: 4000, weekly: 6000, monthly: 16000 },
            days: { daily: 2, weekly: 8, monthly: 31 },
          }),
        },
      });
    const story = await createStory(author, {
      ...valid,
      pricing_tier: "weekly",
      payment_reference: "555123",
    });
    expect(story).toMatchObject({
      status: "pending",
      is_premium: true,
      payment_status: "pending",
      price: 6000,
      featured_days: 8,
      payment_reference: "555123",
    });
    expect(ownStoryState(story)).toBe("pending_payment");
  });

  it("author and user always come from the session, never from the input", async () => {
    const story = await createStory(author, {
      ...valid,
      author: "admin",
      user_id: other.id,
      status: "approved",
      is_premium: true,
    });
    expect(story.author).toBe("author_one");
    expect(story.user_id).toBe(author.id);
    expect(story.pricing_tier).toBe("free");
  });

  it("refuses an image id that names no stored image; takes one that does", async () => {
    await expect(createStory(author, valid, "f".repeat(64))).rejects.toBeInstanceOf(HttpError);
    const imageId = await storeImage(await png(), other.id);
    // The same picture uploaded by two people is one content-addressed row, usable by both.
    expect((await createStory(author, valid, imageId)).story_image).toBe(imageId);
  });

  it("/profile states: pending payment, pending review, featured, published, rejected", () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect(
      ownStoryState({
        status: "pending",
        pricing_tier: "daily",
        payment_status: "pending",
        expires_at: null,
      }),
    ).toBe("pending_payment");
    expect(
      ownStoryState({
        status: "pending",
        pricing_tier: "daily",
        payment_status: "verified",
        expires_at: null,
      }),
    ).toBe("pending_review");
    expect(
      ownStoryState({
        status: "approved",
        pricing_tier: "daily",
        payment_status: "verified",
        expires_at: future,
      }),
    ).toBe("featured");
    expect(
      ownStoryState({
        status: "approved",
        pricing_tier: "daily",
        payment_status: "verified",
        expires_at: past,
      }),
    ).toBe("published");
    expect(
      ownStoryState({
        status: "rejected",
        pricing_tier: "free",
        payment_status: "verified",
        expires_at: null,
      }),
    ).toBe("rejected");
  });

  it("lists only the author's own stories", async () => {
    const mine = await listOwnStories(author);
    expect(mine.length).toBeGreaterThan(0);
    expect(await listOwnStories(other)).toEqual([]);
  });
});

describe("POST /api/stories", () => {
  const post = (body: unknown, withCookie = true) =>
    apiCreate(routeArgs(jsonRequest("/api/stories", body, withCookie ? { cookie } : {})));

  it("401 for anonymous requests", async () => {
    expect((await post(valid, false)).status).toBe(401);
  });

  it("creates a story with a data-URL image, stored as WebP without EXIF", async () => {
    const jpeg = await sharp(await png())
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "gps-secret" } } })
      .toBuffer();
    const res = await post({
      ...valid,
      title: "With image",
      story_image: `data:image/jpeg;base64,${jpeg.toString("base64")}`,
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      title: "With image",
      author: "author_one",
      is_approved: true,
      pricing_tier: "free",
    });
    expect(body.story_image).toMatch(/^\/media\/[a-f0-9]{64}$/);
    const row = await getMedia(body.story_image.slice(7));
    expect(row?.mime_type).toBe("image/webp");
  });

  it("415 for a text file that claims to be a PNG, and nothing is stored", async () => {
    const before = (await db.select().from(stories)).length;
    const fake = Buffer.from("just some text, not an image").toString("base64");
    const res = await post({ ...valid, story_image: `data:image/png;base64,${fake}` });
    expect(res.status).toBe(415);
    expect((await res.json()).fieldErrors.story_image).toHaveLength(1);
    expect((await db.select().from(stories)).length).toBe(before);
  });

  it("400 with field errors for an invalid story, before any image is stored", async () => {
    const mediaBefore = (await db.select().from(media)).length;
    const image = (
      await sharp(await png())
        .negate()
        .png()
        .toBuffer()
    ).toString("base64");
    const res = await post({ ...valid, title: "x", story_image: `data:image/png;base64,${image}` });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).fieldErrors)).toEqual(["title"]);
    expect((await db.select().from(media)).length).toBe(mediaBefore);
  });

  it("413 for an image over 20 MB", async () => {
    const big = "A".repeat(Math.ceil((21 * 1024 * 1024 * 4) / 3));
    const res = await post({ ...valid, story_image: `data:image/png;base64,${big}` });
    expect(res.status).toBe(413);
  });
});

describe("the wizard's action (no JavaScript: every step is a round trip)", () => {
  function multipart(
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer; type: string },
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    if (file)
      form.set("image", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return new Request("http://localhost:3000/post-story", {
      method: "POST",
      headers: { host: "localhost:3000", origin: "http://localhost:3000", cookie },
      body: form,
    });
  }
  const step = async (
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer; type: string },
  ) => {
    const res = (await wizard(routeArgs(multipart(fields, file)))) as unknown as
      | {
          data: {
            step: number;
            result: { initialValue: Record<string, string>; error: Record<string, string[]> };
          };
          init: ResponseInit;
        }
      | Response;
    return res;
  };
  const base = {
    title: "",
    story: "",
    bank_name: "",
    bank_account: "",
    account_name: "",
    pricing_tier: "",
    payment_reference: "",
    image_id: "",
  };

  it("step 1 keeps every value and shows the errors", async () => {
    const res = await step({
      ...base,
      step: "1",
      intent: "next",
      title: "ab",
      story: "A long enough story.",
      bank_account: "12ab",
    });
    if (res instanceof Response) throw new Error("expected data");
    expect(res.data.step).toBe(1);
    expect(res.data.result.initialValue).toMatchObject({
      title: "ab",
      story: "A long enough story.",
      bank_account: "12ab",
    });
    expect(res.data.result.error.title).toEqual(["post:validation.titleMin"]);
    expect(res.data.result.error.bank_account).toEqual(["post:validation.bankAccountDigits"]);
  });

  it("an image uploaded at step 1 is stored and carried to step 2", async () => {
    const res = await step(
      { ...base, ...valid, pricing_tier: "", step: "1", intent: "next" },
      {
        name: "photo.png",
        bytes: await sharp(await png())
          .rotate(90)
          .png()
          .toBuffer(),
        type: "image/png",
      },
    );
    if (res instanceof Response) throw new Error("expected data");
    expect(res.data.step).toBe(2);
    expect(res.data.result.initialValue.image_id).toMatch(/^[a-f0-9]{64}$/);
  });

  it("a renamed text file comes back as the field's message, the rest kept", async () => {
    const res = await step(
      { ...base, ...valid, step: "1", intent: "next" },
      { name: "photo.png", bytes: Buffer.from("hello"), type: "image/png" },
    );
    if (res instanceof Response) throw new Error("expected data");
    expect(res.data.step).toBe(1);
    expect(res.data.result.error.image).toEqual(["post:validation.onlyImages"]);
    expect(res.data.result.initialValue.title).toBe(valid.title);
  });

  it("an image over 20 MB is refused with the message; typed fields survive", async () => {
    const res = await step(
      { ...base, ...valid, step: "1", intent: "next" },
      { name: "big.png", bytes: Buffer.alloc(21 * 1024 * 1024, 1), type: "image/png" },
    );
    if (res instanceof Response) throw new Error("expected data");
    expect(res.data.result.error.image).toEqual(["post:validation.fileTooLarge"]);
    expect(res.data.result.initialValue).toMatchObject({
      title: valid.title,
      bank_account: valid.bank_account,
    });
  });

  it("a paid plan goes to step 3 with a reference; submitting creates the story", async () => {
    const toPayment = await step({
      ...base,
      ...valid,
      step: "2",
      intent: "plan",
      pricing_tier: "daily",
    });
    if (toPayment instanceof Response) throw new Error("expected data");
    expect(toPayment.data.step).toBe(3);
    expect(toPayment.data.result.initialValue.payment_reference).toMatch(/^\d{6}$/);
    const done = await step({ ...toPayment.data.result.initialValue, step: "3", intent: "submit" });
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).headers.get("Location")).toBe("/");
    const [latest] = await db
      .select()
      .from(stories)
      .where(eq(stories.payment_reference, toPayment.data.result.initialValue.payment_reference!));
    expect(latest).toMatchObject({ pricing_tier: "daily", status: "pending", user_id: author.id });
  });

  it("Back goes one step down and keeps the values", async () => {
    const res = await step({
      ...base,
      ...valid,
      pricing_tier: "weekly",
      payment_reference: "123456",
      step: "3",
      intent: "back",
    });
    if (res instanceof Response) throw new Error("expected data");
    expect(res.data.step).toBe(2);
    expect(res.data.result.initialValue).toMatchObject({
      pricing_tier: "weekly",
      payment_reference: "123456",
      title: valid.title,
    });
  });
});
