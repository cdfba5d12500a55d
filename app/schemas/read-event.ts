import { z } from "./zod";

/** What the front posts to a worker: the story pages it answered (decision 061). */
export const ReadBatchSchema = z.object({
  reads: z
    .array(
      z.object({
        storyId: z.number().int().positive(),
        address: z.string().max(100),
        userAgent: z.string().max(2000),
        referer: z.string().max(4000),
        host: z.string().max(300),
        at: z.number().int().nonnegative(),
      }),
    )
    .max(2000),
});
