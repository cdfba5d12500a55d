import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { authorHref, authorLabel, isFormerMember } from "~/lib/author";

/**
 * A story's author as cards and the story page show it: a link to their page (issue 18 item 6),
 * or "former member", unlinked, for a story kept after its author left.
 */
export function AuthorName({
  author,
  link = true,
  className,
  children,
}: {
  author: string;
  /** False where the link would lead to the page already shown. */
  link?: boolean;
  className?: string;
  /** The name as drawn, when it is more than text (a search marks the words it matched). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const href = link ? authorHref(author) : null;
  // A former member has no name left to mark: their label, whatever was passed.
  const label = children && !isFormerMember(author) ? children : authorLabel(t, author);
  if (!href) return <span className={className}>{label}</span>;
  return (
    <Link to={href} className={`hover:text-primary hover:underline ${className ?? ""}`}>
      {label}
    </Link>
  );
}
