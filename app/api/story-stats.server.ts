import { apiJson } from "~/http/http.server";
import { storyStats } from "~/models/story-stats.server";
import { operation, resource } from "./resource.server";
import { refused, Whole, z } from "./schemas.server";

/** A story's statistics for its author and administrators (issue 42 item 3, decision 061). */

const Spans = z
  .object({
    last_30_days: Whole,
    last_90_days: Whole,
    all_time: Whole,
  })
  .strict()
  .openapi("StatsSpans", {
    description: "Over the last 30 and 90 days (Ulaanbaatar days, today included) and in all.",
  });

const Source = z
  .object({
    source: z.string().openapi({
      description:
        "«direct» (no referring page), «search» (StoryShare's search), «site» (another page of " +
        "StoryShare), or the referring site's domain without «www.».",
    }),
    reads: Whole,
  })
  .strict()
  .openapi("ReadSource");

const StoryStats = z
  .object({
    story_id: Whole,
    title: z.string(),
    reads: Spans.openapi({ description: "A visitor counted once a day; bots are not counted." }),
    hearts: Spans,
    comments: Spans.openapi({ description: "Comments readers can see (not held nor hidden)." }),
    reads_per_day: z
      .array(
        z
          .object({
            day: z
              .string()
              .regex(/^\d{4}-\d{2}-\d{2}$/)
              .openapi({ description: "YYYY-MM-DD" }),
            reads: Whole,
          })
          .strict(),
      )
      .openapi({ description: "The last 90 Ulaanbaatar days, oldest first, today last." }),
    sources: z
      .object({ last_30_days: z.array(Source), last_90_days: z.array(Source) })
      .strict()
      .openapi({ description: "Where reads came from, the ten largest, most first." }),
  })
  .strict()
  .openapi("StoryStats");

const spans = (s: { last30: number; last90: number; all: number }) => ({
  last_30_days: s.last30,
  last_90_days: s.last90,
  all_time: s.all,
});

export const storyStatsCall = resource(
  "/api/stories/{id}/stats",
  "Stories",
  { id: "errors.storyNotFound" },
  {
    GET: operation({
      summary: "A story's statistics",
      description:
        "Reads, hearts and comments, reads per day and their sources, for the story's author " +
        "and administrators. Counting sets no cookie and keeps no address (decision 061).",
      access: "user",
      responses: {
        200: { description: "The story's statistics.", schema: StoryStats },
        403: refused("Another author's story the caller can read."),
      },
      handler: async ({ ids, user }) => {
        const stats = await storyStats(user, ids.id);
        return apiJson({
          story_id: stats.id,
          title: stats.title,
          reads: spans(stats.reads),
          hearts: spans(stats.hearts),
          comments: spans(stats.comments),
          reads_per_day: stats.perDay,
          sources: { last_30_days: stats.sources.last30, last_90_days: stats.sources.last90 },
        });
      },
    }),
  },
);
