/**
 * The author of a story kept after its author deleted their account (issue 18, decision 031):
 * the account's name is wiped from the story (`stories.author` becomes this empty mark), and
 * every place that shows an author shows "former member" in the reader's language instead.
 */
export const FORMER_MEMBER = "";

export function isFormerMember(author: string): boolean {
  return author === FORMER_MEMBER;
}

/** The name to show for a story's author: theirs, or "former member" translated. */
export function authorLabel(t: (key: string) => string, author: string): string {
  return isFormerMember(author) ? t("common:formerMember") : author;
}

/** Where an author's page is (`/authors/{username}`), or null for a former member. */
export function authorHref(author: string): string | null {
  return isFormerMember(author) ? null : `/authors/${encodeURIComponent(author)}`;
}
