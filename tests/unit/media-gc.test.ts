import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools, media, poolUpdateMedia, poolUpdates, stories, users } from "#db/schema";
import { config } from "~/config.server";
import { backupDirectory } from "~/models/backup.server";
import { storeImage } from "~/models/media.server";
import { collectMediaGarbage } from "~/models/media-gc.server";
import { createUser } from "~/models/users.server";

const DAY = 86_400_000;
const twoDaysAgo = new Date(Date.now() - 2 * DAY);
const fileOf = (id: string) => path.resolve(config.MEDIA_DIR, id.slice(0, 2), id.slice(2, 4), id);

/** A distinct small PNG per call, stored as an upload is, then aged: its row and both files. */
let shade = 0;
async function upload(age: Date = twoDaysAgo) {
  shade += 40;
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: shade % 256, g: 90, b: 30 } },
  })
    .png()
    .toBuffer();
  const id = await storeImage(png);
  const [row] = await db.select().from(media).where(eq(media.id, id));
  const ids = [id, row!.thumbnail_id!];
  await db.update(media).set({ created_at: age.toISOString() }).where(eq(media.id, id));
  await db.update(media).set({ created_at: age.toISOString() }).where(eq(media.id, ids[1]!));
  for (const each of ids) utimesSync(fileOf(each), age, age);
  return { id, thumbnail: ids[1]! };
}

/** A file in the store with no row, as a crash or "clear all data" leaves one. */
function strayFile(name: string, age: Date = twoDaysAgo) {
  const file = path.resolve(config.MEDIA_DIR, name.slice(0, 2), name.slice(2, 4), name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, "bytes");
  utimesSync(file, age, age);
  return file;
}

const rowExists = async (id: string) =>
  (await db.select({ id: media.id }).from(media).where(eq(media.id, id))).length === 1;

describe("npm run media:gc", () => {
  const seen: Record<string, { id: string; thumbnail: string }> = {};
  const stray: Record<string, string> = {};

  beforeAll(async () => {
    const writer = await createUser("gc_writer", "secret-pass");
    seen.storyImage = await upload();
    seen.poolPhoto = await upload();
    seen.poolVideo = await upload();
    seen.avatar = await upload();
    seen.abandoned = await upload();
    seen.fresh = await upload(new Date());
    seen.listed = await upload();
    seen.updatePhoto = await upload();
    seen.updateReceipt = await upload();
    await db.insert(stories).values({
      author: "gc_writer",
      user_id: writer.id,
      title: "kept",
      story: "A story with a picture.",
      pricing_tier: "free",
      bank_name: "Khan Bank",
      bank_account: "5000000001",
      story_image: seen.storyImage.id,
    });
    await db.insert(donationPools).values({
      name: "kept",
      description: "d",
      goal_amount: 1000,
      bank_name: "TDB",
      bank_account: "1",
      account_name: "a",
      photo_1: seen.poolPhoto.id,
      video_url: seen.poolVideo.id,
    });
    // A campaign update's photo and receipt picture (issue 20) keep theirs too.
    const [pool] = await db.select({ id: donationPools.id }).from(donationPools);
    const [update] = await db
      .insert(poolUpdates)
      .values({ pool_id: pool!.id, body_mn: "Мэдээ", created_by: writer.id })
      .returning({ id: poolUpdates.id });
    await db.insert(poolUpdateMedia).values([
      { update_id: update!.id, kind: "photo", position: 0, media_id: seen.updatePhoto.id },
      { update_id: update!.id, kind: "receipt", position: 0, media_id: seen.updateReceipt.id },
    ]);
    await db
      .update(users)
      .set({ avatar_url: `/media/${seen.avatar.id}` })
      .where(eq(users.id, writer.id));
    // "Clear all data" removed this one's rows; its backup lists the files.
    await db.delete(media).where(eq(media.id, seen.listed.id));
    await db.delete(media).where(eq(media.id, seen.listed.thumbnail));
    const backups = backupDirectory()!;
    mkdirSync(backups, { recursive: true });
    writeFileSync(
      path.join(backups, "before-clear.db.media.txt"),
      `${seen.listed.id}\n${seen.listed.thumbnail}\n`,
    );
    stray.old = strayFile("ab".repeat(32));
    stray.young = strayFile("cd".repeat(32), new Date());
    stray.tmp = strayFile(`${"ef".repeat(32)}.123.456.tmp`);
  });

  it("a dry run counts what would go and changes nothing", async () => {
    const result = await collectMediaGarbage({ dryRun: true });
    // The abandoned upload and its thumbnail; its two files, the old stray and the crash's tmp.
    expect(result).toMatchObject({ rows: 2, files: 4 });
    expect(await rowExists(seen.abandoned!.id)).toBe(true);
    expect(existsSync(stray.old!)).toBe(true);
  });

  it("removes old unused media, row and files, and keeps everything in use or young", async () => {
    const result = await collectMediaGarbage();
    expect(result).toMatchObject({ rows: 2, files: 4 });
    expect(await rowExists(seen.abandoned!.id)).toBe(false);
    expect(await rowExists(seen.abandoned!.thumbnail)).toBe(false);
    expect(existsSync(fileOf(seen.abandoned!.id))).toBe(false);
    expect(existsSync(fileOf(seen.abandoned!.thumbnail))).toBe(false);
    expect(existsSync(stray.old!)).toBe(false);
    expect(existsSync(stray.tmp!)).toBe(false);

    for (const kept of [
      "storyImage",
      "poolPhoto",
      "poolVideo",
      "avatar",
      "fresh",
      "updatePhoto",
      "updateReceipt",
    ]) {
      for (const id of [seen[kept]!.id, seen[kept]!.thumbnail]) {
        expect(await rowExists(id), kept).toBe(true);
        expect(existsSync(fileOf(id)), kept).toBe(true);
      }
    }
    expect(existsSync(fileOf(seen.listed!.id))).toBe(true);
    expect(existsSync(fileOf(seen.listed!.thumbnail))).toBe(true);
    expect(existsSync(stray.young!)).toBe(true);
    expect(await collectMediaGarbage()).toMatchObject({ rows: 0, files: 0 });
  });

  it("no story lost its image (deleting its row would have cleared story_image)", async () => {
    const [story] = await db.select().from(stories).where(eq(stories.title, "kept"));
    expect(story!.story_image).toBe(seen.storyImage!.id);
  });
});
