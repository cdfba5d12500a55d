/**
 * Where the activity log links the records it names (issue 41 item 12): a public page when the
 * record has one (administrators see pending stories there too), else the admin tab that lists it.
 */
export interface RefLinkData {
  name: string;
  story_id?: number;
  pool_id?: number;
}

export function recordHref(kind: string, id: string, ref?: RefLinkData): string | null {
  switch (kind) {
    case "story":
      return `/stories/${id}`;
    case "donation_pool":
      return `/donation-pools/${id}`;
    case "pool_donation":
      return ref?.pool_id ? `/donation-pools/${ref.pool_id}/ledger` : null;
    case "donation":
      return "/admin/donations/pending";
    case "comment":
      return ref?.story_id ? `/stories/${ref.story_id}#comment-${id}` : null;
    case "user":
      return ref ? `/authors/${encodeURIComponent(ref.name)}` : null;
    case "statement_import":
    case "statement_line":
      return "/admin/donations/reconcile";
    case "message":
      return "/admin/messages";
    case "faq":
      return "/admin/faq";
    case "legal_page": {
      const page = id.split(":")[0];
      return page && /^[a-z]+$/.test(page) ? `/${page}` : null;
    }
    case "settings":
      return "/admin/settings";
    default:
      return null;
  }
}

/** A campaign's updates, where the administrator posts and deletes them. */
export const poolUpdatesHref = (poolId: string) => `/admin/donations/pools/${poolId}/updates`;
