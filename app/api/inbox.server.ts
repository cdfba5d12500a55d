import { apiJson } from "~/http/http.server";
import { getT, requestLanguage } from "~/i18next.server";
import { inboxText } from "~/lib/inbox-text";
import { totalHeaders } from "~/lib/paging";
import { INBOX_KINDS, listInbox, markAllRead } from "~/models/inbox.server";
import { operation, resource } from "./resource.server";
import { DateTime, PAGING_HEADERS, Whole, z } from "./schemas.server";

/** The signed-in person's inbox (issue 17). */

const TAG = "Notifications";

const Notification = z
  .object({
    id: Whole,
    kind: z.enum(INBOX_KINDS),
    text: z.string().openapi({ description: "What happened, in the request's language." }),
    link: z.string().openapi({
      description: "Where it leads on the site: the story, a campaign's updates, or /profile.",
    }),
    story_id: Whole.nullable(),
    created_at: DateTime,
    read: z.boolean(),
  })
  .strict()
  .openapi("Notification");

export const inbox = resource(
  "/api/notifications",
  TAG,
  {},
  {
    GET: operation({
      summary: "My notifications",
      description:
        "Newest first, 20 a page: a story received, published, rejected, its payment verified, " +
        "its featured period ending, a new comment on it; a new story of an author the caller " +
        "follows, a new update of a campaign they follow. `X-Unread-Count` says how many are unread.",
      access: "user",
      query: {
        page: z.coerce
          .number()
          .int()
          .min(1)
          .catch(1)
          .default(1)
          .openapi({ type: "integer", minimum: 1, default: 1 }),
      },
      responses: {
        200: {
          description: "One page of notifications.",
          schema: z.array(Notification),
          headers: {
            ...PAGING_HEADERS,
            "X-Unread-Count": { description: "How many are unread.", schema: Whole },
          },
        },
      },
      handler: async ({ request, user, query }) => {
        const [list, t, lng] = await Promise.all([
          listInbox(user, query.page),
          getT(request, ["messages", "common"]),
          requestLanguage(request),
        ]);
        const items = list.items.map((item) => {
          const { text, link } = inboxText(t as never, item, lng);
          return {
            id: item.id,
            kind: item.kind,
            text,
            link: link.href,
            story_id: typeof item.params.story_id === "number" ? item.params.story_id : null,
            created_at: item.created_at,
            read: Boolean(item.read_at),
          };
        });
        const headers = new Headers(totalHeaders(list.total, list.pageCount));
        headers.set("X-Unread-Count", String(list.unread));
        return apiJson(query.page > list.pageCount ? [] : items, { headers });
      },
    }),
  },
);

export const inboxRead = resource(
  "/api/notifications/read",
  TAG,
  {},
  {
    POST: operation({
      summary: "Mark all my notifications read",
      access: "user",
      responses: {
        200: {
          description: "How many were unread.",
          schema: z.object({ marked: Whole }).strict(),
        },
      },
      handler: async ({ user }) => apiJson({ marked: await markAllRead(user) }),
    }),
  },
);
