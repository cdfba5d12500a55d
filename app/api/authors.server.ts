import { LIMITS } from "~/constants";
import { apiJson, HttpError } from "~/http/http.server";
import { authorNamer } from "~/lib/author.server";
import { totalHeaders } from "~/lib/paging";
import { findAuthor, listAuthorStories } from "~/models/authors.server";
import { storyPageJson } from "~/models/stories.server";
import { operation, resource } from "./resource.server";
import { PAGING_HEADERS, pagingQuery, z } from "./schemas.server";
import { StoryListItem } from "./stories.server";

/** An author's published stories (issue 18 item 6), the /api twin of /authors/{username}. */
export const authorStories = resource(
  "/api/authors/{username}/stories",
  "Stories",
  {},
  {
    GET: operation({
      summary: "An author's stories",
      description:
        "The author's approved stories, newest first, in the shape of `/api/stories/regular`. " +
        "404 for a username no account has (a deleted account included). Past the last page " +
        "the list is empty.",
      access: "public",
      sharedCache: true,
      query: pagingQuery(LIMITS.storiesPageSize),
      responses: {
        200: {
          description: "One page of stories.",
          schema: z.array(StoryListItem),
          headers: PAGING_HEADERS,
        },
      },
      handler: async ({ request, names, query }) => {
        const author = await findAuthor(names.username ?? "");
        if (!author) throw new HttpError(404, "errors.authorNotFound");
        const result = await listAuthorStories(author.id, query);
        const items =
          query.page > result.pageCount
            ? []
            : await storyPageJson(result, await authorNamer(request));
        return apiJson(items, { headers: totalHeaders(result.total, result.pageCount) });
      },
    }),
  },
  { username: "The author's username, as their page's address spells it (any letter case)." },
);
