import { formatDateTime, formatMoney } from "~/lib/format";
import { accountDisplayName, bankDisplayName } from "~/lib/plans";
import { singleLine } from "~/lib/single-line";

/** An inbox entry as stored (app/models/inbox.server.ts): its kind and the values it was made with. */
export interface InboxItem {
  kind: string;
  params: Record<string, string | number | null>;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** One line of where to pay: what it is, as shown, and what a copy button copies. */
export interface PaymentFact {
  label: string;
  value: string;
  copy: string;
}

/**
 * Where to pay for a paid story, as the "received" entry recorded it (issue 41 item 1): the
 * bank, account, holder, amount and code step 3 showed. The inbox lists it only while the
 * story's payment waits (listInbox drops it after).
 */
function paymentFacts(t: T, p: InboxItem["params"]): PaymentFact[] | undefined {
  if (!p.code || !p.account) return undefined;
  const bank = bankDisplayName(t, String(p.bank ?? ""));
  const holder = accountDisplayName(t, String(p.holder ?? ""));
  return [
    { label: t("messages:labels.bank"), value: bank, copy: bank },
    { label: t("messages:labels.account"), value: String(p.account), copy: String(p.account) },
    { label: t("messages:labels.holder"), value: holder, copy: holder },
    {
      label: t("messages:labels.amount"),
      value: formatMoney(Number(p.amount ?? 0)),
      copy: String(p.amount ?? ""),
    },
    { label: t("messages:labels.code"), value: String(p.code), copy: String(p.code) },
  ];
}

/**
 * What an inbox entry says, in the reader's language, and where it leads: the story, or the
 * author's profile for what concerns their submission. One function for the page and the /api.
 */
export function inboxText(
  t: T,
  item: InboxItem,
  lng: string,
): { text: string; link: { href: string; label: string }; payment?: PaymentFact[] } {
  const p = item.params;
  // A title stored before decision 051 may hold a line break: this text is also a mail's subject.
  const title = singleLine(String(p.title ?? ""));
  const until = p.expires_at ? formatDateTime(String(p.expires_at), lng) : "";
  const story = { href: `/stories/${p.story_id}`, label: t("messages:inbox.open.story") };
  const profile = { href: "/profile", label: t("messages:inbox.open.profile") };
  const k = (key: string, values: Record<string, unknown> = {}) =>
    t(`messages:inbox.kinds.${key}`, { title, until, ...values });
  switch (item.kind) {
    case "story.received":
      if (p.status === "approved") return { text: k("receivedPublished"), link: story };
      return {
        text: k(p.tier && p.tier !== "free" ? "receivedPaid" : "receivedReview"),
        link: profile,
        payment: paymentFacts(t, p),
      };
    case "story.approved":
      return { text: k(p.expires_at ? "approvedFeatured" : "approved"), link: story };
    case "story.rejected":
      return { text: k("rejected"), link: profile };
    case "story.paymentVerified":
      return { text: k("paymentVerified"), link: profile };
    case "story.featuredEnding":
      return { text: k("featuredEnding"), link: story };
    case "story.editApproved":
      return { text: k("editApproved"), link: story };
    case "story.editRejected": {
      const reason = t(`common:rejection.reasons.${p.reason ?? "none"}`);
      const note = p.note ? ` ${t("common:rejection.note", { note: p.note })}` : "";
      return { text: `${k("editRejected", { reason })}${note}`, link: story };
    }
    case "story.held":
      return { text: k("held"), link: profile };
    case "story.hidden":
      return { text: k("hidden"), link: profile };
    case "comment.hidden":
      return { text: k("commentHidden", { excerpt: String(p.excerpt ?? "") }), link: story };
    case "account.suspended":
      return {
        text: p.until
          ? t("messages:inbox.kinds.suspended", { until: formatDateTime(String(p.until), lng) })
          : t("messages:inbox.kinds.suspendedForGood"),
        link: profile,
      };
    case "follow.story":
      return {
        text: k("followedStory", { author: singleLine(String(p.author ?? "")) }),
        link: story,
      };
    case "follow.update":
      return {
        text: t(`messages:inbox.kinds.${p.final ? "followedFinal" : "followedUpdate"}`, {
          pool: singleLine(String(p.name ?? "")),
        }),
        link: {
          href: `/donation-pools/${p.pool_id}#updates`,
          label: t("messages:inbox.open.pool"),
        },
      };
    case "admin.failing":
      return {
        text: t("messages:inbox.kinds.failing", { count: Number(p.count ?? 0) }),
        link: { href: "/admin/messages?filter=failed", label: t("messages:inbox.open.messages") },
      };
    default:
      return { text: k("comment", { by: String(p.by ?? "") }), link: story };
  }
}
