import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import {
  checkPoolMedia,
  createPool,
  decodePoolDataUrl,
  POOL_BODY_LIMIT,
  POOL_JSON_LIMIT,
  readPoolUpload,
  savePoolMedia,
} from "~/models/pool-create.server";
import { listPoolSummaries, listPoolsJson } from "~/models/pools.server";
import { type MediaSlot, PHOTO_SLOTS, PoolSchema } from "~/schemas/pool";
import { apiJson, HttpError, parseOrThrow, readJson } from "~/utils/http.server";
import { pagingParams, totalHeaders } from "~/utils/paging";
import { apiAction, apiLoader, type Methods } from "~/utils/route.server";

export const ALLOW = ["GET", "POST"] as const satisfies Methods;

const LIST_PAGE_SIZE = 9;

/**
 * GET /api/donation-pools?summary=true&limit=9 (spec 01 §7): pool summaries for cards, active
 * first; archived pools are left out. `limit` defaults to 9 and is capped at 50.
 *
 * GET /api/donation-pools[?page=&pageSize=] (DESIGN §5): every pool with the spec's fields
 * (01 §3), active, then completed, then archived; the total in X-Total-Count.
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(
    args,
    async ({ request }) => {
      const url = new URL(request.url);
      if (url.searchParams.get("summary") === "true") {
        const limit = Number(url.searchParams.get("limit") ?? "9");
        const pools = await listPoolSummaries(Number.isInteger(limit) && limit > 0 ? limit : 9);
        return apiJson(pools, { headers: { "X-Total-Count": String(pools.length) } });
      }
      const { page, pageSize } = pagingParams(url, LIST_PAGE_SIZE);
      const { items, total, pageCount } = await listPoolsJson(page, pageSize);
      return apiJson(items, { headers: totalHeaders(total, pageCount) });
    },
    { sharedCache: true },
  );

/**
 * POST /api/donation-pools (admin, spec 02 §7): name, description, goal_amount, bank_name,
 * bank_account, account_name, photo_1..photo_3 and video_url. JSON with the files as
 * `data:…;base64,` strings (spec 02 §5), or multipart/form-data with the files as file fields.
 * The text is checked first (400 with fieldErrors), then each file by its content (415 not an
 * image / not an MP4 or WebM video, 413 too large, 422 video longer than 2 minutes). 201 with
 * the pool.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(
    args,
    ALLOW,
    async ({ request }) => {
      const admin = await requireApiAdmin(request);
      const type = request.headers.get("content-type") ?? "";
      let fields: Record<string, unknown>;
      let files: Partial<Record<MediaSlot, Buffer>> = {};
      if (type.startsWith("multipart/form-data")) {
        const upload = await readPoolUpload(request);
        const [slot, message] = Object.entries(upload.fileErrors)[0] ?? [];
        if (slot && message) throw new HttpError(413, message, { [slot]: [message] });
        fields = upload.fields;
        files = upload.files;
      } else {
        const body = await readJson(request);
        if (!body || typeof body !== "object" || Array.isArray(body))
          throw new HttpError(400, "errors.validation");
        fields = body as Record<string, unknown>;
      }
      // Text first: a request that will be refused stores nothing.
      parseOrThrow(PoolSchema, fields);
      if (!type.startsWith("multipart/form-data")) {
        for (const slot of PHOTO_SLOTS) {
          const bytes = decodePoolDataUrl(slot, fields[slot]);
          if (bytes) files[slot] = bytes;
        }
        const video = decodePoolDataUrl("video", fields.video_url);
        if (video) files.video = video;
      }
      // Every file is checked before any is written: a refused request stores nothing.
      const checked = await checkPoolMedia(files);
      const [slot, failure] = Object.entries(checked.errors)[0] ?? [];
      if (slot && failure) {
        throw new HttpError(failure.status, failure.message, {
          [slot === "video" ? "video_url" : slot]: [failure.message],
        });
      }
      const pool = await createPool(admin, fields, await savePoolMedia(checked.prepared, admin));
      return apiJson(pool, {
        status: 201,
        headers: { Location: `/api/donation-pools/${pool.id}` },
      });
    },
    { json: POOL_JSON_LIMIT, multipart: POOL_BODY_LIMIT },
  );
