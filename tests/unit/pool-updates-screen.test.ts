import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { donationPools } from "#db/schema";
import type { FormReply } from "~/lib/form-reply";
import { listUpdates } from "~/models/pool-updates.server";
import { createUser } from "~/models/users.server";
import { action, loader } from "~/routes/admin.donations.pools_.$id.updates";
import {
  expectSentAway,
  formRequest,
  getRequest,
  loaderResult,
  ORIGIN,
  routeArgs,
  signInAs,
} from "./helpers";

/**
 * The admin screen of a campaign's updates (issue 20, decision 035), as a browser without
 * JavaScript posts it: a multipart form, a redirect with a toast, or the form again with its
 * messages and what was typed.
 */

let adminCookie = "";
let userCookie = "";
let poolId = 0;

const png = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();

function multipart(fields: Record<string, string>, files: [string, Buffer][] = [], cookie = "") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [name, bytes] of files)
    form.append(name, new Blob([new Uint8Array(bytes)]), `${name}.png`);
  return new Request(`${ORIGIN}/admin/donations/pools/${poolId}/updates`, {
    method: "POST",
    headers: { cookie: cookie || adminCookie, origin: ORIGIN, host: "localhost:3000" },
    body: form,
  });
}

const post = (request: Request) => action(routeArgs(request, { id: String(poolId) }));

beforeAll(async () => {
  await createUser("screen_admin", "secret-pass", "admin");
  await createUser("screen_user", "secret-pass");
  adminCookie = await signInAs("screen_admin");
  userCookie = await signInAs("screen_user");
  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Сургуулийн дээвэр",
      description: "Дээврийг засна.",
      goal_amount: 2_000_000,
      current_amount: 800_000,
      bank_name: "Khan Bank",
      bank_account: "5000123456",
      account_name: "Сургууль",
    })
    .returning({ id: donationPools.id });
  poolId = pool!.id;
});

describe("/admin/donations/pools/{id}/updates", () => {
  it("is for administrators: others are sent away", async () => {
    for (const cookie of ["", userCookie]) {
      const res = await loader(
        routeArgs(getRequest(`/admin/donations/pools/${poolId}/updates`, cookie), {
          id: String(poolId),
        }),
      ).catch((thrown) => thrown);
      expectSentAway(res, cookie || undefined);
    }
    const missing = await loader(
      routeArgs(getRequest("/admin/donations/pools/999999/updates", adminCookie), {
        id: "999999",
      }),
    ).catch((thrown) => thrown);
    expect((missing as Response).status).toBe(404);
  });

  it("posts an update with its pictures and comes back with a toast", async () => {
    const res = (await post(
      multipart(
        {
          intent: "post",
          body_mn: "Дээврийн төмрийг авлаа.",
          spent_amount: "350000",
          spent_on_mn: "Дээврийн төмөр",
        },
        [
          ["photos", await png()],
          ["photos", await png()],
          ["receipts", await png()],
        ],
      ),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/donations/pools/${poolId}/updates`);
    const [update] = await listUpdates(poolId);
    expect(update).toMatchObject({ spent_amount: 350_000, spent_on_mn: "Дээврийн төмөр" });
    expect(update!.photos).toHaveLength(2);
    expect(update!.receipts).toHaveLength(1);
    const page = loaderResult<Awaited<ReturnType<typeof loader>>>(
      await loader(
        routeArgs(getRequest(`/admin/donations/pools/${poolId}/updates`, adminCookie), {
          id: String(poolId),
        }),
      ),
    ).data;
    expect(page.updates.map((u) => u.id)).toEqual([update!.id]);
  });

  it("a refused form keeps what was typed and says what is wrong, field by field", async () => {
    const before = (await listUpdates(poolId)).length;
    const typed = { intent: "post", body_mn: "Богино", spent_amount: "5000", spent_on_en: "Nails" };
    const answer = loaderResult<FormReply>(await post(multipart(typed)));
    expect(answer.data.intent).toBe("post");
    expect(answer.data.result.initialValue).toMatchObject(typed);
    expect(answer.data.result.error).toMatchObject({
      body_mn: ["admin:poolUpdates.validation.bodyMin"],
      spent_on_mn: ["admin:poolUpdates.validation.spentOnRequired"],
    });
    // Seven photos: the seventh is not even kept; the form says at most six.
    const seven = await post(
      multipart(
        { intent: "post", body_mn: "Долоон зурагтай мэдээ." },
        Array.from({ length: 7 }, () => ["photos", Buffer.from("x")] as [string, Buffer]),
      ),
    );
    expect(loaderResult<FormReply>(seven).data.result.error?.photos).toEqual([
      'admin:poolUpdates.validation.photosMax|{"max":6}',
    ]);
    expect(await listUpdates(poolId)).toHaveLength(before);
  });

  it("closes the campaign with its final report; a second report is refused on the form", async () => {
    const res = (await post(
      multipart({ intent: "close", body_mn: "Үлдсэн мөнгөөр ширээ авна." }),
    )) as Response;
    expect(res.status).toBe(302);
    const [pool] = await db.select().from(donationPools).where(eq(donationPools.id, poolId));
    expect(pool!.status).toBe("completed");
    const [report] = await listUpdates(poolId);
    expect(report).toMatchObject({ is_final: true, raised_at_close: 800_000 });

    const again = loaderResult<FormReply>(
      await post(multipart({ intent: "close", body_mn: "Дахиад нэг эцсийн тайлан." })),
    );
    expect(again.data.result.error?.[""]).toEqual(["admin:poolUpdates.errors.alreadyClosed"]);
    expect(again.data.toast).toMatchObject({ type: "error" });
  });

  it("deletes an update from its plain confirm form", async () => {
    const [newest] = await listUpdates(poolId);
    const res = (await post(
      formRequest(
        `/admin/donations/pools/${poolId}/updates`,
        { intent: "delete", id: String(newest!.id) },
        adminCookie,
      ),
    )) as Response;
    expect(res.status).toBe(302);
    expect((await listUpdates(poolId)).map((u) => u.id)).not.toContain(newest!.id);
  });
});
