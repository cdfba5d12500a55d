import { POOL_STATUSES, PRICING_TIERS } from "#db/schema";
import { SEARCH_QUERY_MAX, SEARCH_TYPES, SEARCH_WINDOW } from "~/constants";
import { apiJson } from "~/http/http.server";
import { isFormerMember } from "~/lib/author";
import { type AuthorNamer, authorNamer } from "~/lib/author.server";
import { totalHeaders } from "~/lib/paging";
import { searchPools, searchStories } from "~/models/search.server";
import { operation, resource } from "./resource.server";
import { DateTime, PAGING_HEADERS, pagingQuery, Whole, z } from "./schemas.server";

/** Search (issue 19, decision 033): the same results as /search. */

const Parts = z
  .array(z.object({ text: z.string(), match: z.boolean() }).strict())
  .openapi("TextParts", {
    description: "The text in pieces, in order; `match` marks the words the query found.",
  });

const StoryHit = z
  .object({
    id: Whole,
    title: z.string(),
    author: z.string(),
    pricing_tier: z.enum(PRICING_TIERS),
    submitted_at: DateTime,
    story_image: z.string().nullable().openapi({ description: "URL of the image." }),
    hearts_count: Whole,
    comments_count: Whole,
    title_parts: Parts,
    author_parts: Parts,
    snippet: Parts.openapi({ description: "About 30 words of the text around the first match." }),
  })
  .strict()
  .openapi("StorySearchResult");

/** A story kept after its author left is named as /api/stories names it («Former member»). */
function namedAuthors<T extends { items: { author: string; author_parts: unknown[] }[] }>(
  result: T,
  name: AuthorNamer,
): T {
  return {
    ...result,
    items: result.items.map((hit) =>
      isFormerMember(hit.author)
        ? {
            ...hit,
            author: name(hit.author),
            author_parts: [{ text: name(hit.author), match: false }],
          }
        : hit,
    ),
  };
}

const PoolHit = z
  .object({
    id: Whole,
    name: z.string(),
    status: z.enum(POOL_STATUSES),
    goal_amount: Whole,
    current_amount: Whole,
    name_parts: Parts,
    snippet: Parts,
  })
  .strict()
  .openapi("PoolSearchResult");

export const search = resource(
  "/api/search",
  "Search",
  {},
  {
    GET: operation({
      summary: "Search stories or campaigns",
      description:
        "Published stories (title, text, author) or campaigns (name, description), best first. " +
        "The query may be Cyrillic or Latin letters, with or without ө and ү; every word must " +
        "begin a word of the result. An empty query finds nothing. Stories are ranked among " +
        `the ${SEARCH_WINDOW.toLocaleString("en")} newest that match (every word in the title ` +
        "first, then in the author's name, then the rest, newest first within each); " +
        "`X-More-Matches` says whether older ones match too, which another word reaches.",
      access: "public",
      sharedCache: true,
      query: {
        q: z
          .string()
          .max(SEARCH_QUERY_MAX)
          .catch("")
          .openapi({ type: "string", description: "The words to find." }),
        type: z
          .enum(SEARCH_TYPES)
          .catch("stories")
          .openapi({ type: "string", enum: [...SEARCH_TYPES], default: "stories" }),
        ...pagingQuery(10),
      },
      responses: {
        200: {
          description: "One page of results, as `type` asks; past the last page, empty.",
          schema: z.union([z.array(StoryHit), z.array(PoolHit)]),
          headers: {
            ...PAGING_HEADERS,
            "X-More-Matches": {
              description: `Stories: \`true\` when more match than the ${SEARCH_WINDOW.toLocaleString("en")} newest that the count and the pages cover. Campaigns: always \`false\`.`,
              schema: z.enum(["true", "false"]),
            },
          },
        },
      },
      handler: async ({ request, query }) => {
        const result =
          query.type === "pools"
            ? await searchPools(query.q, query.page, query.pageSize)
            : await namedAuthors(
                await searchStories(query.q, query.page, query.pageSize),
                await authorNamer(request),
              );
        const items = query.page > result.pageCount ? [] : result.items;
        const more = "more" in result && result.more;
        return apiJson(items, {
          headers: {
            ...totalHeaders(result.total, result.pageCount),
            "X-More-Matches": String(more),
          },
        });
      },
    }),
  },
);
