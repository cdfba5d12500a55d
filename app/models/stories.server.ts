import { and, count, desc, eq, gt, inArray, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { db } from "#db/client";
import { media, type PricingTier, stories, storyCounts, storyHearts, users } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { isFormerMember } from "~/lib/author";
import type { AuthorNamer } from "~/lib/author.server";
import { ANCHOR_STEP, anchorAt, type KeyedOrder } from "~/models/list-anchors.server";
import { mediaUrl } from "~/models/media.server";
import { preparedFor, preparedOnce } from "~/models/prepared.server";
import { refuseSuspended } from "~/models/suspension.server";
import type { User } from "~/models/users.server";

/**
 * Reading stories (DESIGN §4):
 * - featured = approved, paid tier, featured period (`expires_at`) still running;
 * - regular  = approved and not currently featured (free, or a paid story whose period ended);
 * - filters: `all` = most recently published (approved_at), `newest` = most recently submitted,
 *   `loved` = most hearts.
 * Every list is two statements whatever the page: the page of rows and the total.
 */

export const STORY_FILTERS = ["all", "loved", "newest"] as const;
export type StoryFilter = (typeof STORY_FILTERS)[number];

export function parseFilter(value: unknown): StoryFilter {
  return (STORY_FILTERS as readonly unknown[]).includes(value) ? (value as StoryFilter) : "all";
}

/** A positive page number from a query string; anything else is page 1. */
export function parsePage(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

export interface StoryCardData {
  id: number;
  title: string;
  /** The first characters of the body (enough for any excerpt); the full text only on the detail page. */
  preview: string;
  author: string;
  author_avatar_url: string | null;
  pricing_tier: PricingTier;
  is_premium: boolean;
  submitted_at: string;
  expires_at: string | null;
  /**
   * Paid and its featured period still running: what earns the VIP badge and the golden card. A
   * paid story whose period ended is a regular story and looks like one (DESIGN §4).
   */
  is_featured: boolean;
  hearts_count: number;
  comments_count: number;
  image: { url: string; thumbnail_url: string; width: number; height: number } | null;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

const PREVIEW_CHARS = 200;
const thumb = alias(media, "thumb");

const featuredNow = (now: string) =>
  and(
    eq(stories.status, "approved"),
    ne(stories.pricing_tier, "free"),
    gt(stories.expires_at, now),
  );

const regularNow = (now: string) =>
  and(
    eq(stories.status, "approved"),
    or(eq(stories.pricing_tier, "free"), isNull(stories.expires_at), lte(stories.expires_at, now)),
  );

/** When a story joined the list: its approval (its submission for stories from before approvals). */
const listedAt = sql`coalesce(${stories.approved_at}, ${stories.submitted_at})`;

function orderFor(filter: StoryFilter): SQL[] {
  if (filter === "loved")
    return [desc(stories.hearts_count), desc(stories.submitted_at), desc(stories.id)];
  if (filter === "newest") return [desc(stories.submitted_at), desc(stories.id)];
  return [desc(listedAt), desc(stories.id)];
}

const cardColumns = {
  id: stories.id,
  title: stories.title,
  preview: sql<string>`substr(${stories.story}, 1, ${PREVIEW_CHARS})`,
  author: stories.author,
  author_avatar_url: users.avatar_url,
  pricing_tier: stories.pricing_tier,
  is_premium: stories.is_premium,
  submitted_at: stories.submitted_at,
  expires_at: stories.expires_at,
  hearts_count: stories.hearts_count,
  comments_count: stories.comments_count,
  image_id: stories.story_image,
  image_width: media.width,
  image_height: media.height,
  thumbnail_id: media.thumbnail_id,
  thumbnail_width: thumb.width,
  thumbnail_height: thumb.height,
};

function toCard(row: CardRow, now = new Date()): StoryCardData {
  const {
    image_id,
    image_width,
    image_height,
    thumbnail_id,
    thumbnail_width,
    thumbnail_height,
    ...rest
  } = row;
  const image =
    image_id && image_width && image_height
      ? {
          url: mediaUrl(image_id)!,
          thumbnail_url: mediaUrl(thumbnail_id ?? image_id)!,
          width: thumbnail_width ?? image_width,
          height: thumbnail_height ?? image_height,
        }
      : null;
  // Cards are only made of approved stories' rows, or of a member's own (whose periods start at
  // approval): a period that has an end still to come is a running one.
  const is_featured = rest.pricing_tier !== "free" && (rest.expires_at ?? "") > now.toISOString();
  return { ...rest, is_premium: Boolean(rest.is_premium), is_featured, image };
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>["all"]>>[number];

function cardQuery() {
  return db
    .select(cardColumns)
    .from(stories)
    .leftJoin(users, eq(users.id, stories.user_id))
    .leftJoin(media, eq(media.id, stories.story_image))
    .leftJoin(thumb, eq(thumb.id, media.thumbnail_id));
}

async function countWhere(where: SQL | undefined) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(stories).where(where);
  return total;
}

/**
 * Approved stories not featured now, without counting them: the regular and featured filters split
 * the approved stories in two, so it is the approved count the triggers keep (story_counts) minus
 * the few featured ones, which their index finds. One statement, the same cost at any size.
 */
async function countRegular(now: string) {
  const [row] = await db
    .select({
      total: sql<number>`${storyCounts.stories} - (SELECT count(*) FROM ${stories} WHERE ${featuredNow(now)})`,
    })
    .from(storyCounts)
    .where(eq(storyCounts.status, "approved"));
  return Math.max(0, row?.total ?? 0);
}

export async function pageOf(
  where: SQL | undefined,
  order: SQL[],
  page: number,
  pageSize: number,
  countTotal: () => Promise<number> = () => countWhere(where),
  now = new Date(),
  keyed?: KeyedOrder,
  prepared?: PreparedList,
): Promise<Page<StoryCardData>> {
  const at = now.toISOString();
  const total = prepared ? await prepared.total(at) : await countTotal();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const offset = (current - 1) * pageSize;
  // A deep page starts at the kept anchor before it (list-anchors.server.ts), not at the top.
  const step = keyed ? Math.floor(offset / ANCHOR_STEP) : 0;
  const anchor = keyed && step > 0 ? await anchorAt(keyed, where, order, step) : null;
  if (prepared && !anchor) {
    const rows = await prepared.rows(at, pageSize, offset);
    return { items: rows.map((r) => toCard(r, now)), total, page: current, pageSize, pageCount };
  }
  // The page's ids first, from the list's covering index alone; the joins then run for this
  // page's rows only, not for every row OFFSET skips (page 500 went from 20 ms to 1 ms).
  const pageIds = db
    .select({ id: stories.id })
    .from(stories)
    .where(anchor && keyed ? and(where, keyed.from(anchor)) : where)
    .orderBy(...order)
    .limit(pageSize)
    .offset(anchor ? offset - step * ANCHOR_STEP : offset);
  const rows = await cardQuery()
    .where(inArray(stories.id, pageIds))
    .orderBy(...order);
  return { items: rows.map((r) => toCard(r, now)), total, page: current, pageSize, pageCount };
}

/**
 * A list's two statements (its total and a page of its cards) built once, with the time, the
 * page's size and its offset as parameters (decision 070): drizzle builds a statement's SQL from
 * its parts on every call, which cost the home page more than running its five statements.
 */
interface PreparedList {
  total: (now: string) => Promise<number>;
  rows: (now: string, limit: number, offset: number) => Promise<CardRow[]>;
}

const NOW = sql.placeholder("now") as unknown as string;

function prepareList(
  where: SQL | undefined,
  order: SQL[],
  totalQuery: { all: (values: { now: string }) => Promise<{ total: number }[]> },
): PreparedList {
  const pageIds = db
    .select({ id: stories.id })
    .from(stories)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder("limit") as unknown as number)
    .offset(sql.placeholder("offset") as unknown as number);
  const rowsQuery = cardQuery()
    .where(inArray(stories.id, pageIds))
    .orderBy(...order)
    .prepare();
  return {
    total: async (now) => Math.max(0, (await totalQuery.all({ now }))[0]?.total ?? 0),
    rows: (now, limit, offset) => rowsQuery.all({ now, limit, offset }),
  };
}

export interface ListOptions {
  filter?: StoryFilter;
  page?: number;
  pageSize: number;
  now?: Date;
}

/** Each filter's order as a unique key, for deep pages; each `from` is a range of its index. */
const KEYED: Record<StoryFilter, KeyedOrder> = {
  all: {
    name: "regular:all",
    key: { at: listedAt, id: stories.id },
    // Not a row value: SQLite does not seek an expression index by one. Ties on the time are rare.
    from: ([at, id]) =>
      sql`${listedAt} <= ${at} AND (${listedAt} < ${at} OR ${stories.id} <= ${id})`,
  },
  loved: {
    name: "regular:loved",
    key: { hearts: stories.hearts_count, at: stories.submitted_at, id: stories.id },
    from: ([hearts, at, id]) =>
      sql`(${stories.hearts_count}, ${stories.submitted_at}, ${stories.id}) <= (${hearts}, ${at}, ${id})`,
  },
  newest: {
    name: "regular:newest",
    key: { at: stories.submitted_at, id: stories.id },
    from: ([at, id]) => sql`(${stories.submitted_at}, ${stories.id}) <= (${at}, ${id})`,
  },
};

export function listRegularStories({
  filter = "all",
  page = 1,
  pageSize,
  now = new Date(),
}: ListOptions) {
  const at = now.toISOString();
  return pageOf(
    regularNow(at),
    orderFor(filter),
    page,
    pageSize,
    () => countRegular(at),
    now,
    KEYED[filter],
    regularList(filter),
  );
}

/** The regular list's statements, one set per filter. */
const regularList = preparedFor((filter: StoryFilter) =>
  prepareList(
    regularNow(NOW),
    orderFor(filter),
    db
      .select({
        total: sql<number>`${storyCounts.stories} - (SELECT count(*) FROM ${stories} WHERE ${featuredNow(NOW)})`,
      })
      .from(storyCounts)
      .where(eq(storyCounts.status, "approved"))
      .prepare(),
  ),
);

// The unary + keeps SQLite off the default order's index: walking all approved stories for the
// few featured ones costs 1 ms at 20,000; the featured period's index finds them in 0.05 ms.
const FEATURED_ORDER = [
  desc(sql`coalesce(+${stories.approved_at}, ${stories.submitted_at})`),
  desc(stories.id),
];

/** Featured stories, the newest featured first. */
export function listFeaturedStories({
  page = 1,
  pageSize,
  now = new Date(),
}: Omit<ListOptions, "filter">) {
  return pageOf(
    featuredNow(now.toISOString()),
    FEATURED_ORDER,
    page,
    pageSize,
    undefined,
    now,
    undefined,
    featuredList(),
  );
}

const featuredList = preparedOnce(() =>
  prepareList(
    featuredNow(NOW),
    FEATURED_ORDER,
    db.select({ total: count() }).from(stories).where(featuredNow(NOW)).prepare(),
  ),
);

/** The full text of the story body for the API lists, which carry it (spec 01 §3). */
export async function storyBodies(ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: stories.id, story: stories.story })
    .from(stories)
    .where(sql`${stories.id} IN ${ids}`);
  return new Map(rows.map((r) => [r.id, r.story]));
}

export interface StoryDetail extends StoryCardData {
  story: string;
  /** The stored picture's id (its link preview's card names it), or null. */
  image_id: string | null;
  status: "pending" | "approved" | "rejected";
  is_approved: boolean;
  user_id: string | null;
  approved_at: string | null;
  /** Where readers can send support: only for donation-eligible (paid) tiers. */
  bank: { bank_name: string; bank_account: string; account_name: string | null } | null;
  hearted: boolean;
  is_featured: boolean;
  /** Why it was rejected (seen only by its author and administrators, like the story itself). */
  rejection: { reason: string | null; note: string | null } | null;
}

/**
 * A story page's statement, built once (decision 070): drizzle builds a statement's SQL from its
 * parts on every call, which cost more than running it. One for readers, one for a member (whose
 * heart it says).
 */
function prepareStoryStatements() {
  const id = sql.placeholder("id");
  const columns = {
    ...cardColumns,
    story: stories.story,
    status: stories.status,
    user_id: stories.user_id,
    approved_at: stories.approved_at,
    bank_name: stories.bank_name,
    bank_account: stories.bank_account,
    account_name: stories.account_name,
    rejection_reason: stories.rejection_reason,
    rejection_note: stories.rejection_note,
  };
  const detail = (hearted: SQL<number>) =>
    db
      .select({ ...columns, hearted })
      .from(stories)
      .leftJoin(users, eq(users.id, stories.user_id))
      .leftJoin(media, eq(media.id, stories.story_image))
      .leftJoin(thumb, eq(thumb.id, media.thumbnail_id))
      .where(eq(stories.id, id))
      .limit(1)
      .prepare();
  return {
    reader: detail(sql<number>`0`),
    member: detail(
      sql<number>`exists(select 1 from ${storyHearts} where ${storyHearts.story_id} = ${stories.id} and ${storyHearts.user_id} = ${sql.placeholder("viewerId")})`,
    ),
  };
}
const storyStatement = preparedOnce(prepareStoryStatements);

/**
 * A story as a reader sees it. An approved story is public; a pending or rejected one only to
 * its author and administrators (preview). Everyone else gets null, as for an unknown id.
 */
export async function getStoryForReader(
  id: number,
  viewer: Pick<User, "id" | "role"> | null,
  now = new Date(),
): Promise<StoryDetail | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [full] = viewer
    ? await storyStatement().member.all({ id, viewerId: viewer.id })
    : await storyStatement().reader.all({ id });
  if (!full) return null;
  const visible =
    full.status === "approved" ||
    viewer?.role === "admin" ||
    (viewer !== null && viewer.id === full.user_id);
  if (!visible) return null;

  const {
    story,
    status,
    user_id,
    approved_at,
    bank_name,
    bank_account,
    account_name,
    rejection_reason,
    rejection_note,
    hearted,
    ...row
  } = full;
  const card = toCard(row);
  return {
    ...card,
    image_id: row.image_id,
    story: full.story,
    status: full.status,
    is_approved: full.status === "approved",
    user_id: full.user_id,
    approved_at: full.approved_at,
    // A former member's bank account is not shown: the person it belongs to has left the site.
    bank:
      card.is_premium && !isFormerMember(card.author)
        ? {
            bank_name: full.bank_name,
            bank_account: full.bank_account,
            account_name: full.account_name,
          }
        : null,
    hearted: Boolean(full.hearted),
    rejection:
      full.status === "rejected"
        ? { reason: full.rejection_reason, note: full.rejection_note }
        : null,
    is_featured:
      full.status === "approved" && card.is_premium && (card.expires_at ?? "") > now.toISOString(),
  };
}

/** Minutes to read a text of this length, at the spec's 500 characters a minute (at least 1). */
export function readingMinutes(length: number) {
  return Math.max(1, Math.ceil(length / 500));
}

/**
 * Hearts or un-hearts an approved story for a user. Idempotent (the form says which state it
 * wants, so a double submit changes nothing) and the count is recomputed in the same batch.
 */
export async function setHeart(storyId: number, user: Pick<User, "id">, hearted: boolean) {
  await refuseSuspended(user);
  const story = await db.query.stories.findFirst({
    where: and(eq(stories.id, storyId), eq(stories.status, "approved")),
    columns: { id: true },
  });
  if (!story) throw new HttpError(404, "errors.storyNotFound");
  const change = hearted
    ? db.insert(storyHearts).values({ story_id: storyId, user_id: user.id }).onConflictDoNothing()
    : db
        .delete(storyHearts)
        .where(and(eq(storyHearts.story_id, storyId), eq(storyHearts.user_id, user.id)));
  await db.batch([
    change,
    db
      .update(stories)
      .set({
        hearts_count: sql`(select count(*) from ${storyHearts} where ${storyHearts.story_id} = ${storyId})`,
      })
      .where(eq(stories.id, storyId)),
  ]);
  const [after] = await db
    .select({ hearts_count: stories.hearts_count })
    .from(stories)
    .where(eq(stories.id, storyId));
  return { hearted, hearts_count: after?.hearts_count ?? 0 };
}

/** Approved stories for the feed and the sitemap, newest first. */
export function listPublishedForFeed(limit: number) {
  return db
    .select({
      id: stories.id,
      title: stories.title,
      preview: sql<string>`substr(${stories.story}, 1, 400)`,
      author: stories.author,
      submitted_at: stories.submitted_at,
      approved_at: stories.approved_at,
    })
    .from(stories)
    .where(eq(stories.status, "approved"))
    .orderBy(desc(sql`coalesce(${stories.approved_at}, ${stories.submitted_at})`))
    .limit(limit);
}

/** The public JSON shape of a story (spec 01 §3 field names), for every /api answer. */
export function storyJson(card: StoryCardData, body: string, name: AuthorNamer = (a) => a) {
  return {
    id: card.id,
    title: card.title,
    story: body,
    story_image: card.image?.url ?? null,
    story_image_thumbnail: card.image?.thumbnail_url ?? null,
    author: name(card.author),
    submitted_at: card.submitted_at,
    pricing_tier: card.pricing_tier,
    is_premium: card.is_premium,
    expires_at: card.expires_at,
    hearts_count: card.hearts_count,
    comments_count: card.comments_count,
  };
}

/** A page of stories as /api answers it: the JSON array and the total in X-Total-Count. */
export async function storyPageJson(page: Page<StoryCardData>, name?: AuthorNamer) {
  const bodies = await storyBodies(page.items.map((s) => s.id));
  return page.items.map((card) => ({
    ...storyJson(card, bodies.get(card.id) ?? "", name),
    is_approved: true,
  }));
}

/**
 * One story as /api shows it: the list shape (spec 01 §3 field names) and what the detail adds
 * (approval state, the author's bank details for donation-eligible tiers, the caller's heart).
 */
export function storyDetailJson(story: StoryDetail, name?: AuthorNamer) {
  return {
    ...storyJson(story, story.story, name),
    user_id: story.user_id,
    is_approved: story.is_approved,
    status: story.status,
    approved_at: story.approved_at,
    is_featured: story.is_featured,
    // Public for paid tiers only: that is where readers send support.
    bank_name: story.bank?.bank_name ?? null,
    bank_account: story.bank?.bank_account ?? null,
    account_name: story.bank?.account_name ?? null,
    hearted: story.hearted,
    reading_minutes: readingMinutes(story.story.length),
  };
}
