import { getT } from "~/i18next.server";
import { authorLabel } from "~/lib/author";

/** How an author is named in answers made on the server (the /api, the feed): in the request's language. */
export type AuthorNamer = (author: string) => string;

export async function authorNamer(request: Request): Promise<AuthorNamer> {
  const t = await getT(request, "common");
  return (author) => authorLabel(t, author);
}
