import { and, count, desc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { db } from "#db/client";
import { media, stories } from "#db/schema";
import { mediaUrl } from "~/models/media.server";

/**
 * What administrators list (spec 02 §2 Admin dashboard). Every list is newest first by
 * submitted_at and two statements (page and total).
 */

export const APPROVAL_FILTERS = ["all", "premium"] as const;
export const ADMIN_STORY_FILTERS = ["all", "approved", "featured", "regular"] as const;
export const PAYMENT_FILTERS = ["all", "pending", "verified", "refund"] as const;
export type ApprovalFilter = (typeof APPROVAL_FILTERS)[number];
export type AdminStoryFilter = (typeof ADMIN_STORY_FILTERS)[number];
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

export function oneOf<T extends readonly string[]>(
  list: T,
  value: unknown,
  fallback: T[number],
): T[number] {
  return (list as readonly unknown[]).includes(value) ? (value as T[number]) : fallback;
}

const adminColumns = {
  id: stories.id,
  title: stories.title,
  preview: sql<string>`substr(${stories.story}, 1, 200)`,
  story_length: sql<number>`length(${stories.story})`,
  author: stories.author,
  user_id: stories.user_id,
  story_image: stories.story_image,
  pricing_tier: stories.pricing_tier,
  is_premium: stories.is_premium,
  status: stories.status,
  is_approved: stories.is_approved,
  payment_status: stories.payment_status,
  payment_reference: stories.payment_reference,
  price: stories.price,
  bank_name: stories.bank_name,
  bank_account: stories.bank_account,
  account_name: stories.account_name,
  submitted_at: stories.submitted_at,
  approved_at: stories.approved_at,
  expires_at: stories.expires_at,
  rejection_reason: stories.rejection_reason,
  rejection_note: stories.rejection_note,
  refunded_at: stories.refunded_at,
  held_word: stories.held_word,
  /** Taken back to review by readers' reports (decision 030). */
  held_at: stories.held_at,
};

async function page(where: SQL | undefined, pageNumber: number, pageSize: number) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(stories).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, pageNumber), pageCount);
  const rows = await db
    .select(adminColumns)
    .from(stories)
    .where(where)
    .orderBy(desc(stories.submitted_at), desc(stories.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  const items = rows.map((r) => ({
    ...r,
    is_premium: Boolean(r.is_premium),
    is_approved: Boolean(r.is_approved),
    image_url: mediaUrl(r.story_image),
  }));
  return { items, total, page: current, pageSize, pageCount };
}

export type AdminStory = Awaited<ReturnType<typeof page>>["items"][number];

/** Stories waiting for a decision; `premium` keeps the paid ones (spec 02 §2 Approvals). */
export function listPendingStories(filter: ApprovalFilter, pageNumber: number, pageSize = 5) {
  const where = and(
    eq(stories.status, "pending"),
    filter === "premium" ? ne(stories.pricing_tier, "free") : undefined,
  );
  return page(where, pageNumber, pageSize);
}

/**
 * A GLOB pattern matching `term` anywhere, in any letter case: each letter becomes a class of
 * its two cases (`[Зз][Уу]…`). SQLite's LIKE and lower() fold only ASCII letters, and the site
 * is written in Cyrillic.
 */
export function caseInsensitiveGlob(term: string): string {
  const classes = [...term].map((ch) => {
    if ("*?[]".includes(ch)) return `[${ch}]`;
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    return lower !== upper && lower.length === 1 && upper.length === 1 ? `[${lower}${upper}]` : ch;
  });
  return `*${classes.join("")}*`;
}

/**
 * Every story with a case-insensitive search over title, author and text (spec 02 §2 Stories).
 * featured = approved and premium; regular = approved and not premium.
 */
export function listStoriesForAdmin(
  search: string,
  filter: AdminStoryFilter,
  pageNumber: number,
  pageSize = 10,
) {
  const term = search.trim().slice(0, 100);
  const pattern = caseInsensitiveGlob(term);
  const matches = term
    ? or(
        sql`${stories.title} GLOB ${pattern}`,
        sql`${stories.author} GLOB ${pattern}`,
        sql`${stories.story} GLOB ${pattern}`,
      )
    : undefined;
  const state =
    filter === "approved"
      ? eq(stories.status, "approved")
      : filter === "featured"
        ? and(eq(stories.status, "approved"), ne(stories.pricing_tier, "free"))
        : filter === "regular"
          ? and(eq(stories.status, "approved"), eq(stories.pricing_tier, "free"))
          : undefined;
  return page(and(matches, state), pageNumber, pageSize);
}

/**
 * What each payments filter holds (spec 02 §2 Payments, issue 16): "pending" is money still
 * awaited for a story under review, "verified" money kept, "refund" money received for a story
 * that was then rejected and not yet returned. A rejected story's unpaid plan waits for nothing,
 * so it is in none of them but "all" — and the dashboard's badge counts what "pending" lists.
 */
const PAYMENT_STATE = {
  pending: sql`${stories.payment_status} = 'pending' AND ${stories.status} <> 'rejected'`,
  verified: sql`${stories.payment_status} = 'verified' AND ${stories.status} <> 'rejected'`,
  refund: sql`${stories.payment_status} = 'verified' AND ${stories.status} = 'rejected' AND ${stories.refunded_at} IS NULL`,
} as const;

/** Premium stories by payment state, default pending. */
export function listPayments(filter: PaymentFilter, pageNumber: number, pageSize = 10) {
  const where = and(
    ne(stories.pricing_tier, "free"),
    filter === "all" ? undefined : PAYMENT_STATE[filter],
  );
  return page(where, pageNumber, pageSize);
}

export async function paymentCounters() {
  const [row] = await db
    .select({
      pending: sql<number>`count(case when ${PAYMENT_STATE.pending} then 1 end)`,
      verified: sql<number>`count(case when ${PAYMENT_STATE.verified} then 1 end)`,
      refund: sql<number>`count(case when ${PAYMENT_STATE.refund} then 1 end)`,
    })
    .from(stories)
    .where(ne(stories.pricing_tier, "free"));
  return { pending: row?.pending ?? 0, verified: row?.verified ?? 0, refund: row?.refund ?? 0 };
}

/** One story with everything an administrator checks before deciding (the payment details view). */
export async function getStoryForAdmin(id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await db.select(adminColumns).from(stories).where(eq(stories.id, id)).limit(1);
  if (!row) return null;
  return {
    ...row,
    is_premium: Boolean(row.is_premium),
    is_approved: Boolean(row.is_approved),
    image_url: mediaUrl(row.story_image),
  };
}

/**
 * The small rendition of each listed story's image (the lists carry the full image's id), so a
 * page of cards does not load full-size pictures. Image id → thumbnail URL.
 */
export async function thumbnailUrls(imageIds: (string | null)[]): Promise<Record<string, string>> {
  const ids = [...new Set(imageIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return {};
  const rows = await db
    .select({ id: media.id, thumbnail_id: media.thumbnail_id })
    .from(media)
    .where(inArray(media.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, mediaUrl(r.thumbnail_id ?? r.id)!]));
}
