import { READ_LIMITS, type ReadEvent } from "~/lib/read-event";
import { z } from "./zod";

/** One read the front noted (decision 061); the front cuts its texts to these limits. */
export const ReadEventSchema = z.object({
  storyId: z.number().int().positive(),
  address: z.string().max(READ_LIMITS.address),
  userAgent: z.string().max(READ_LIMITS.userAgent),
  referer: z.string().max(READ_LIMITS.referer),
  host: z.string().max(READ_LIMITS.host),
  at: z.number().int().nonnegative(),
}) satisfies z.ZodType<ReadEvent>;

/**
 * What the front posts to a worker. Each event is checked on its own (ReadEventSchema), so one
 * the worker cannot take is skipped rather than refusing the batch, which the front would not post
 * again.
 */
export const ReadBatchSchema = z.object({ reads: z.array(z.unknown()).max(2000) });
