import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { auditLog, donationPools } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { getMedia } from "~/models/media.server";
import {
  createPool,
  decodePoolDataUrl,
  probeVideo,
  storePoolPhoto,
  storePoolVideo,
} from "~/models/pool-create.server";
import { createUser, type User } from "~/models/users.server";
import { action as createPoolApi } from "~/routes/api.donation-pools";
import { PoolSchema } from "~/schemas/pool";
import { tinyMp4, tinyWebm } from "./fixtures/tiny-video";
import { jsonRequest, ORIGIN, routeArgs, signInAs } from "./helpers";

let admin: User;
let adminCookie: string;
let userCookie: string;

const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#cc6633" } })
    .jpeg()
    .toBuffer();
const dataUrl = (bytes: Buffer, type: string) => `data:${type};base64,${bytes.toString("base64")}`;

const VALID = {
  name: "Сургуулийн номын сан",
  description: "Хөдөөгийн сургуульд ном худалдан авна.",
  goal_amount: 250_000,
  bank_name: "Golomt Bank",
  bank_account: "1234567890",
  account_name: "Номын сан ТББ",
};

const post = (body: unknown, cookie?: string) =>
  createPoolApi(routeArgs(jsonRequest("/api/donation-pools", body, { cookie })));

beforeAll(async () => {
  admin = await createUser("pool_keeper", "secret-pass", "admin");
  await createUser("pool_visitor", "secret-pass");
  adminCookie = await signInAs("pool_keeper");
  userCookie = await signInAs("pool_visitor");
});

const httpStatus = (status: number, message?: string) => (e: unknown) =>
  e instanceof HttpError && e.status === status && (!message || e.message.endsWith(message));

describe("pool schema (DESIGN §4: goal ≥ 1,000 ₮ in steps of 1,000)", () => {
  it("takes whole thousands from 1,000 and refuses the rest with the right message", () => {
    expect(PoolSchema.safeParse({ ...VALID, goal_amount: "1000" }).success).toBe(true);
    const message = (goal: unknown) =>
      PoolSchema.safeParse({ ...VALID, goal_amount: goal }).error?.flatten().fieldErrors
        .goal_amount?.[0];
    expect(message(999)).toBe("admin:newPool.validation.goalMin");
    expect(message(0)).toBe("admin:newPool.validation.goalMin");
    expect(message("")).toBe("admin:newPool.validation.goalMin");
    expect(message(1500)).toBe("admin:newPool.validation.goalStep");
    expect(message(2000.5)).toBe("admin:newPool.validation.goalStep");
    expect(message("abc")).toBe("admin:newPool.validation.goalMin");
  });

  it("requires name, description and the bank fields", () => {
    const errors = PoolSchema.safeParse({ goal_amount: 1000 }).error?.flatten().fieldErrors;
    expect(Object.keys(errors ?? {}).sort()).toEqual(
      ["account_name", "bank_account", "bank_name", "description", "name"].sort(),
    );
    expect(
      PoolSchema.safeParse({ ...VALID, bank_account: "12-34" }).error?.flatten().fieldErrors
        .bank_account,
    ).toEqual(["admin:newPool.validation.bankAccountDigits"]);
    expect(PoolSchema.safeParse({ ...VALID, bank_name: "Some Bank" }).success).toBe(false);
  });
});

describe("pool photos (spec 02 §9: fit 1200×800, quality 0.85)", () => {
  it("scales a large photo down to fit 1200×800 and makes a thumbnail", async () => {
    for (const [w, h, ew, eh] of [
      [3000, 1000, 1200, 400], // wide: width bound
      [1000, 2000, 400, 800], // tall: height bound
      [600, 400, 600, 400], // small: never enlarged
    ] as const) {
      const id = await storePoolPhoto(await jpeg(w, h), admin.id);
      const row = (await getMedia(id))!;
      expect(row).toMatchObject({ kind: "image", mime_type: "image/webp", width: ew, height: eh });
      expect(row.width! <= 1200 && row.height! <= 800).toBe(true);
      expect(row.thumbnail_id).toMatch(/^[a-f0-9]{64}$/);
    }
  });

  it("recognises images by content, not by name or declared type", async () => {
    await expect(storePoolPhoto(Buffer.from("GIF89a but not really"), admin.id)).rejects.toSatisfy(
      httpStatus(415, "photoType"),
    );
    await expect(storePoolPhoto(tinyMp4(10), admin.id)).rejects.toSatisfy(
      httpStatus(415, "photoType"),
    );
  });
});

describe("pool video (MP4/WebM by content, at most 2 minutes)", () => {
  it("reads the length of MP4 (silent or with sound) and WebM", async () => {
    expect(await probeVideo(tinyMp4(30))).toMatchObject({ mime: "video/mp4", seconds: 30 });
    expect(await probeVideo(tinyMp4(95, { audio: true }))).toMatchObject({ seconds: 95 });
    expect(await probeVideo(tinyWebm(42))).toMatchObject({ mime: "video/webm", seconds: 42 });
  });

  it("stores a short video with its length", async () => {
    const id = await storePoolVideo(tinyMp4(119), admin.id);
    expect(await getMedia(id)).toMatchObject({
      kind: "video",
      mime_type: "video/mp4",
      duration_seconds: 119,
      width: 320,
      height: 240,
    });
  });

  it("refuses a video longer than 2 minutes, MP4 or WebM", async () => {
    for (const video of [tinyMp4(121), tinyMp4(600, { audio: true }), tinyWebm(150)]) {
      await expect(storePoolVideo(video, admin.id)).rejects.toSatisfy(
        httpStatus(422, "videoTooLong"),
      );
    }
  });

  it("refuses what is not an MP4 or WebM video", async () => {
    const cases = [
      await jpeg(20, 20),
      Buffer.from("ftyp is not at the right place"),
      tinyWebm(10, "matroska"), // MKV, not WebM
      Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from("ftypqt  "), Buffer.alloc(8)]), // QuickTime
      tinyMp4(10).subarray(0, 60), // cut short before the movie header
    ];
    for (const bytes of cases) {
      await expect(storePoolVideo(bytes, admin.id)).rejects.toSatisfy(
        (e: unknown) => e instanceof HttpError && e.status === 415,
      );
    }
  });

  it("decodes data URLs within the slot's limit only", () => {
    expect(decodePoolDataUrl("photo_1", dataUrl(Buffer.from("abc"), "image/png"))).toEqual(
      Buffer.from("abc"),
    );
    expect(decodePoolDataUrl("video", null)).toBeNull();
    expect(() => decodePoolDataUrl("photo_2", "http://example.com/a.png")).toThrow(HttpError);
    const huge = `data:video/mp4;base64,${"A".repeat(Math.ceil((100 * 1024 * 1024 * 4) / 3) + 100)}`;
    expect(() => decodePoolDataUrl("video", huge)).toThrow(
      expect.objectContaining({ status: 413 }),
    );
  });
});

describe("createPool", () => {
  it("creates an active pool with packed photos and the video, audited", async () => {
    const photo = await storePoolPhoto(await jpeg(1600, 900), admin.id);
    const video = await storePoolVideo(tinyWebm(20), admin.id);
    const pool = await createPool(admin, VALID, { photo_2: photo, video });
    expect(pool).toMatchObject({
      name: VALID.name,
      goal_amount: 250_000,
      current_amount: 0,
      status: "active",
      photo_1: `/media/${photo}`,
      photo_2: null,
      video_url: `/media/${video}`,
    });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "pool.create"));
    expect(entry).toMatchObject({ actor_username: "pool_keeper", entity_id: String(pool.id) });
    expect(JSON.parse(entry!.details!)).toMatchObject({ photos: 1, video: true });
  });

  it("refuses media ids that name no stored file of the right kind", async () => {
    const photo = await storePoolPhoto(await jpeg(100, 100), admin.id);
    await expect(createPool(admin, VALID, { photo_1: "f".repeat(64) })).rejects.toSatisfy(
      httpStatus(400, "photoMissing"),
    );
    await expect(createPool(admin, VALID, { video: photo })).rejects.toSatisfy(
      httpStatus(400, "videoMissing"),
    );
  });
});

describe("POST /api/donation-pools", () => {
  it("401 anonymous, 403 for a user; nothing created", async () => {
    const before = (await db.select().from(donationPools)).length;
    expect((await post(VALID)).status).toBe(401);
    expect((await post(VALID, userCookie)).status).toBe(403);
    expect((await db.select().from(donationPools)).length).toBe(before);
  });

  it("400 with field errors in the request's language", async () => {
    const res = await post({ ...VALID, goal_amount: 1500, name: "" }, adminCookie);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["goal_amount", "name"]);
    expect(body.fieldErrors.goal_amount[0]).toMatch(/мянгаар|thousand/i);
  });

  it("415 / 422 for a bad photo or a long video, with the field named", async () => {
    const bad = await post(
      { ...VALID, photo_1: dataUrl(Buffer.from("hello"), "image/png") },
      adminCookie,
    );
    expect(bad.status).toBe(415);
    expect(Object.keys((await bad.json()).fieldErrors)).toEqual(["photo_1"]);
    const long = await post(
      { ...VALID, video_url: dataUrl(tinyMp4(180), "video/mp4") },
      adminCookie,
    );
    expect(long.status).toBe(422);
    expect(Object.keys((await long.json()).fieldErrors)).toEqual(["video_url"]);
  });

  it("201 with the pool; photos fit 1200×800", async () => {
    const res = await post(
      {
        ...VALID,
        name: "API pool",
        photo_1: dataUrl(await jpeg(2400, 1600), "image/jpeg"),
        photo_3: dataUrl(await jpeg(300, 300), "image/jpeg"),
        video_url: dataUrl(tinyMp4(60), "video/mp4"),
      },
      adminCookie,
    );
    expect(res.status).toBe(201);
    const pool = await res.json();
    expect(pool).toMatchObject({ name: "API pool", status: "active", has_video: true });
    expect(pool.photo_2).toMatch(/^\/media\/[a-f0-9]{64}$/);
    const first = await getMedia(pool.photo_1.slice("/media/".length));
    expect(first).toMatchObject({ width: 1200, height: 800 });
  });

  it("takes multipart/form-data with files too", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...VALID, name: "Multipart pool" }))
      form.set(k, String(v));
    form.set(
      "photo_1",
      new Blob([new Uint8Array(await jpeg(1300, 900))], { type: "image/jpeg" }),
      "a.jpg",
    );
    form.set(
      "video_url",
      new Blob([new Uint8Array(tinyWebm(30))], { type: "video/webm" }),
      "clip.webm",
    );
    const res = await createPoolApi(
      routeArgs(
        new Request(`${ORIGIN}/api/donation-pools`, {
          method: "POST",
          headers: { host: "localhost:3000", cookie: adminCookie },
          body: form,
        }),
      ),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: "Multipart pool", has_video: true });
  });
});
