import type { ActionFunctionArgs } from "@remix-run/node";
import { HttpError, parseOrThrow, readJson } from "~/http/http.server";
import { sentByFrontReads } from "~/http/origin.server";
import { logger } from "~/lib/logger.server";
import type { ReadEvent } from "~/lib/read-event";
import { recordReads } from "~/models/read-count.server";
import { ReadBatchSchema, ReadEventSchema } from "~/schemas/read-event";
import { resourceAction } from "~/web/route.server";

/**
 * Where `npm start`'s front posts the story pages it answered, in batches (decision 061,
 * server/front/reads.ts). Only the front, with its per-boot secret, is answered; anyone else is
 * told there is nothing here. One transaction per batch; an event it cannot take is skipped.
 */
export const action = (args: ActionFunctionArgs) =>
  resourceAction(
    args,
    async ({ request }) => {
      if (request.method !== "POST" || !sentByFrontReads(request)) {
        throw new HttpError(404, "errors.pageNotFound");
      }
      const { reads } = parseOrThrow(ReadBatchSchema, await readJson(request));
      const events = reads.flatMap((read): ReadEvent[] => {
        const parsed = ReadEventSchema.safeParse(read);
        return parsed.success ? [parsed.data] : [];
      });
      if (events.length < reads.length) {
        logger.warn("reads.skipped", { events: reads.length - events.length });
      }
      await recordReads(events);
      return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    },
    // Counting changes no page a shared cache holds; a batch is up to 2,000 reads.
    { changes: "none", json: 1024 * 1024 },
  );

export const loader = () => new Response("Not found\n", { status: 404 });
