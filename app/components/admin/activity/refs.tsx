import { Link } from "@remix-run/react";
import { createContext, useContext } from "react";
import { useTranslation } from "react-i18next";
import { type RefLinkData, recordHref } from "~/lib/audit-links";

/**
 * What an activity row needs to name the records it mentions (issue 41 item 12): the names read
 * now (`kind:id` → name), and the entry itself, whose id some details point from.
 */
export interface AuditRefs {
  names: Record<string, RefLinkData>;
  entityType: string;
  entityId: string | null;
}

export const AuditRefsContext = createContext<AuditRefs>({
  names: {},
  entityType: "",
  entityId: null,
});

export const useAuditRefs = () => useContext(AuditRefsContext);

/**
 * A record named by what it is now, linked to where it can be looked at; when it is gone, what
 * the entry remembered (or its kind) and «одоо байхгүй», never a bare number.
 */
export function RecordName({
  kind,
  id,
  remembered,
}: {
  kind: string;
  id: string;
  remembered?: string;
}) {
  const { t } = useTranslation("admin");
  const { names } = useAuditRefs();
  const ref = names[`${kind}:${id}`];
  if (!ref) {
    return (
      <span data-testid="audit-gone">
        {remembered
          ? `«${remembered}» `
          : `${t(`activity.entities.${kind}`, { defaultValue: "" })} `}
        <span className="text-xs italic">({t("activity.gone")})</span>
      </span>
    );
  }
  const href = recordHref(kind, id, ref);
  const text = `«${ref.name}»`;
  return href ? (
    <Link to={href} className="text-primary hover:underline" data-testid="audit-link">
      {text}
    </Link>
  ) : (
    text
  );
}
