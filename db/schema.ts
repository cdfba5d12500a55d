import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { LEGAL_SLUGS, type LegalSlug, REJECTION_REASONS } from "../app/constants";

// Timestamps are ISO 8601 strings in UTC (DESIGN §3); SQLite compares them correctly as text.
const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const timestamp = (name: string) => text(name);
const createdAt = (name = "created_at") => timestamp(name).notNull().default(nowIso);

export const PRICING_TIERS = ["free", "daily", "weekly", "monthly"] as const;
export type PricingTier = (typeof PRICING_TIERS)[number];
export const STORY_STATUSES = ["pending", "approved", "rejected"] as const;
export const PAYMENT_STATUSES = ["pending", "verified"] as const;
export const DONATION_STATUSES = ["pending", "verified", "rejected"] as const;
export const POOL_STATUSES = ["active", "completed", "archived"] as const;
export const ROLES = ["admin", "user"] as const;
export type Role = (typeof ROLES)[number];
export const LANGUAGES = ["mn", "en"] as const;

export const DIGEST_FREQUENCIES = ["daily", "weekly", "never"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** The spec's `profiles` (username, avatar_url) live on this table: one row per person. */
export const users = sqliteTable(
  "users",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    username: text("username").notNull(),
    /** NFKC-normalised, lower-cased username: unique, so "Saraa" and "сараа"-style case variants of Cyrillic names collide too. */
    username_key: text("username_key").notNull(),
    password_hash: text("password_hash").notNull(),
    avatar_url: text("avatar_url"),
    /** Optional (issue 17): nothing but the confirmation is sent to it until it is confirmed. */
    email: text("email"),
    email_confirmed_at: timestamp("email_confirmed_at"),
    /** The language the person last used when changing their account: their mails are in it. */
    language: text("language").notNull().default("mn"),
    /** The kinds of mail the person turned off (MAIL_GROUPS), comma-separated; the inbox keeps all. */
    mail_muted: text("mail_muted").notNull().default(""),
    /**
     * Until when an administrator suspended the account (issue 18): it reads but does not post,
     * comment, heart or report. "For good" is a far date (SUSPENDED_FOR_GOOD). Past: no longer.
     */
    suspended_until: timestamp("suspended_until"),
    /** How often the person gets an e-mail of what they follow (issue 42): DIGEST_FREQUENCIES. */
    digest: text("digest", { enum: DIGEST_FREQUENCIES }).notNull().default("weekly"),
    /** Until when the last digest covered what they follow; none yet: since they followed. */
    digest_covered_until: timestamp("digest_covered_until"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("users_username_key").on(t.username_key),
    // New accounts per day, on the administrators' overview (issue 42).
    index("users_created").on(t.created_at),
  ],
);

export const userRoles = sqliteTable(
  "user_roles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
  },
  (t) => [
    uniqueIndex("user_roles_user_role").on(t.user_id, t.role),
    check("user_roles_role_valid", sql`${t.role} IN ('admin', 'user')`),
  ],
);

/** Server-side sessions: the cookie carries a random id; only its SHA-256 is stored here. */
export const sessions = sqliteTable(
  "sessions",
  {
    id_hash: text("id_hash").primaryKey(),
    user_id: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    data: text("data").notNull().default("{}"),
    /** The browser that signed in (its User-Agent, shortened), for the list on /profile. */
    device: text("device"),
    /** When the session was last used, to the nearest few minutes. */
    last_seen_at: timestamp("last_seen_at"),
    created_at: createdAt(),
    expires_at: timestamp("expires_at").notNull(),
  },
  (t) => [index("sessions_user").on(t.user_id), index("sessions_expires").on(t.expires_at)],
);

/** Uploaded images and videos; bytes live in the content-addressed store under MEDIA_DIR. */
export const media = sqliteTable(
  "media",
  {
    id: text("id").primaryKey(), // sha256 of the stored bytes, hex
    kind: text("kind", { enum: ["image", "video"] }).notNull(),
    mime_type: text("mime_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    duration_seconds: integer("duration_seconds"),
    /** Smaller rendition for cards and lists (an image's thumbnail, a video's poster). */
    thumbnail_id: text("thumbnail_id"),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [index("media_thumbnail").on(t.thumbnail_id)],
);

export const stories = sqliteTable(
  "stories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    user_id: text("user_id").references(() => users.id, { onDelete: "set null" }),
    author: text("author").notNull(),
    title: text("title").notNull(),
    story: text("story").notNull(),
    story_image: text("story_image").references(() => media.id, { onDelete: "set null" }),
    pricing_tier: text("pricing_tier", { enum: PRICING_TIERS }).notNull(),
    /** Any tier but free is premium (spec 01 §3); derived so it can never disagree. */
    is_premium: integer("is_premium", { mode: "boolean" })
      .notNull()
      .generatedAlwaysAs(sql`(pricing_tier <> 'free')`, { mode: "virtual" }),
    /** pending → approved | rejected (DESIGN §4: a rejected story is kept). */
    status: text("status", { enum: STORY_STATUSES }).notNull().default("pending"),
    is_approved: integer("is_approved", { mode: "boolean" })
      .notNull()
      .generatedAlwaysAs(sql`(status = 'approved')`, { mode: "virtual" }),
    bank_name: text("bank_name").notNull(),
    bank_account: text("bank_account").notNull(),
    account_name: text("account_name"),
    payment_reference: text("payment_reference"),
    payment_status: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    /** Price and days of the tier when the story was submitted, so later price changes do not rewrite history. */
    price: integer("price").notNull().default(0),
    featured_days: integer("featured_days"),
    submitted_at: createdAt("submitted_at"),
    approved_at: timestamp("approved_at"),
    rejected_at: timestamp("rejected_at"),
    /** Why a story was rejected, shown to its author: a reason code, and the administrator's own words. */
    rejection_reason: text("rejection_reason", { enum: REJECTION_REASONS }),
    rejection_note: text("rejection_note"),
    /** When a verified payment of a rejected story was returned to the author's account. */
    refunded_at: timestamp("refunded_at"),
    payment_verified_at: timestamp("payment_verified_at"),
    /** End of the featured period (approval + tier days); afterwards the story lists as regular. */
    expires_at: timestamp("expires_at"),
    hearts_count: integer("hearts_count").notNull().default(0),
    comments_count: integer("comments_count").notNull().default(0),
    /** The watched word its text contained when it was sent, shown to the reviewing administrator. */
    held_word: text("held_word"),
    /**
     * When three readers' reports took the published story back to review (issue 18, decision
     * 030): it is `pending` meanwhile; dismissing the reports publishes it again as it was.
     */
    held_at: timestamp("held_at"),
  },
  (t) => [
    // The public lists' three orders. Each index ends with what the "regular" filter reads
    // (tier, end of the featured period), so a deep page is skipped inside the index alone.
    index("stories_status_submitted").on(
      t.status,
      t.submitted_at,
      t.id,
      t.pricing_tier,
      t.expires_at,
    ),
    // The default order ("all"): approval time, or submission for older rows.
    index("stories_status_listed").on(
      t.status,
      sql`coalesce(${t.approved_at}, ${t.submitted_at})`,
      t.id,
      t.pricing_tier,
      t.expires_at,
    ),
    index("stories_status_hearts").on(
      t.status,
      t.hearts_count,
      t.submitted_at,
      t.id,
      t.pricing_tier,
      t.expires_at,
    ),
    index("stories_featured").on(t.status, t.pricing_tier, t.expires_at),
    index("stories_status_expires").on(t.status, t.expires_at),
    index("stories_user").on(t.user_id, t.submitted_at),
    index("stories_payment").on(t.payment_status, t.pricing_tier, t.submitted_at),
    index("stories_payment_reference").on(t.payment_reference),
    check("stories_tier_valid", sql`${t.pricing_tier} IN ('free', 'daily', 'weekly', 'monthly')`),
    check("stories_status_valid", sql`${t.status} IN ('pending', 'approved', 'rejected')`),
    check("stories_payment_valid", sql`${t.payment_status} IN ('pending', 'verified')`),
  ],
);

/**
 * An author's edit of a published story that waits for review (issue 18): the story keeps showing
 * what was approved until an administrator takes the edit. One waiting edit per story; a newer
 * edit replaces it.
 */
export const storyEdits = sqliteTable("story_edits", {
  story_id: integer("story_id")
    .primaryKey()
    .references(() => stories.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  story: text("story").notNull(),
  story_image: text("story_image").references(() => media.id, { onDelete: "set null" }),
  bank_name: text("bank_name").notNull(),
  bank_account: text("bank_account").notNull(),
  account_name: text("account_name"),
  submitted_at: createdAt("submitted_at"),
  /** The watched word the edit contains, if any (an edit that would be published at once waits). */
  held_word: text("held_word"),
});

/**
 * How many stories have each status, kept by triggers on `stories` (migration 0006), so the lists'
 * totals do not count 20,000 index entries on every page view. Never written by the app.
 */
export const storyCounts = sqliteTable("story_counts", {
  status: text("status", { enum: STORY_STATUSES }).primaryKey(),
  stories: integer("stories").notNull().default(0),
});

export const storyHearts = sqliteTable(
  "story_hearts",
  {
    story_id: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.story_id, t.user_id] }),
    index("story_hearts_user").on(t.user_id),
  ],
);

export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    story_id: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    user_id: text("user_id").references(() => users.id, { onDelete: "set null" }),
    author: text("author").notNull(),
    content: text("content").notNull(),
    created_at: createdAt(),
    /** When its author last changed it (within the first 15 minutes); shown as "edited". */
    edited_at: timestamp("edited_at"),
    /**
     * Waiting for an administrator (issue 18): shown only to its author until published. The
     * watched word that held it, or null when it is one of a new account's first comments.
     */
    held_at: timestamp("held_at"),
    held_word: text("held_word"),
    /**
     * When the comment was hidden after reports (issue 18): kept for the record, shown to no one
     * but administrators, and not counted in `stories.comments_count`.
     */
    hidden_at: timestamp("hidden_at"),
  },
  (t) => [index("comments_story_created").on(t.story_id, t.created_at)],
);

export const donationPools = sqliteTable(
  "donation_pools",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    goal_amount: integer("goal_amount").notNull(),
    /** Sum of verified donations; changed only together with a donation's status (DESIGN §4). */
    current_amount: integer("current_amount").notNull().default(0),
    bank_name: text("bank_name").notNull(),
    bank_account: text("bank_account").notNull(),
    account_name: text("account_name").notNull(),
    /**
     * The last day (Ulaanbaatar) the campaign takes pledges, "YYYY-MM-DD"; none: until an
     * administrator closes it (issue 16).
     */
    ends_on: text("ends_on"),
    status: text("status", { enum: POOL_STATUSES }).notNull().default("active"),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    photo_1: text("photo_1").references(() => media.id, { onDelete: "set null" }),
    photo_2: text("photo_2").references(() => media.id, { onDelete: "set null" }),
    photo_3: text("photo_3").references(() => media.id, { onDelete: "set null" }),
    video_url: text("video_url"),
  },
  (t) => [
    index("donation_pools_status_created").on(t.status, t.created_at),
    // The lists' order (STATUS_ORDER in app/models/pools.server.ts): active, completed, archived.
    index("donation_pools_listed").on(
      sql`case ${t.status} when 'active' then 0 when 'completed' then 1 else 2 end`,
      sql`${t.created_at} desc`,
      sql`${t.id} desc`,
    ),
    check("donation_pools_status_valid", sql`${t.status} IN ('active', 'completed', 'archived')`),
    check("donation_pools_goal_positive", sql`${t.goal_amount} > 0`),
    check("donation_pools_current_nonnegative", sql`${t.current_amount} >= 0`),
  ],
);

export const poolDonations = sqliteTable(
  "pool_donations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    pool_id: integer("pool_id")
      .notNull()
      .references(() => donationPools.id, { onDelete: "cascade" }),
    donor_name: text("donor_name").notNull(),
    phone_number: text("phone_number").notNull(),
    amount: integer("amount").notNull(),
    transaction_reference: text("transaction_reference").notNull(),
    /** What the donor writes in the transfer description ("X482913"), for matching the bank statement. */
    payment_code: text("payment_code"),
    /** The monthly gift this is one month of (issue 43), and that month ("2026-12", Ulaanbaatar). */
    monthly_gift_id: integer("monthly_gift_id").references(() => monthlyGifts.id, {
      onDelete: "set null",
    }),
    gift_month: text("gift_month"),
    message: text("message"),
    /** Optional: where the donor is told what happened to their gift (issue 17). */
    email: text("email"),
    /** The language the donor used, so every message to them is in it. */
    language: text("language").notNull().default("mn"),
    status: text("status", { enum: DONATION_STATUSES }).notNull().default("pending"),
    display_in_leaderboard: integer("display_in_leaderboard", { mode: "boolean" })
      .notNull()
      .default(true),
    is_hidden: integer("is_hidden", { mode: "boolean" }).notNull().default(false),
    /** Unguessable token for the donor's pledge-status page. */
    status_token: text("status_token").notNull(),
    donation_date: createdAt("donation_date"),
    decided_at: timestamp("decided_at"),
    decided_by: text("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("pool_donations_pool_status_date").on(t.pool_id, t.status, t.donation_date),
    index("pool_donations_status_date").on(t.status, t.donation_date),
    // The overview's gifts confirmed per day (issue 42).
    index("pool_donations_status_decided").on(t.status, t.decided_at),
    // The ledger's totals per pool and across pools (issue 20) are read from these alone.
    index("pool_donations_pool_status_amount").on(t.pool_id, t.status, t.amount),
    index("pool_donations_status_amount").on(t.status, t.amount),
    uniqueIndex("pool_donations_status_token").on(t.status_token),
    index("pool_donations_reference").on(t.transaction_reference),
    uniqueIndex("pool_donations_payment_code").on(t.payment_code),
    // A monthly gift's months (issue 43): its page and the monthly run find them by these.
    index("pool_donations_monthly").on(t.monthly_gift_id, t.gift_month),
    check("pool_donations_amount_positive", sql`${t.amount} > 0`),
    check("pool_donations_status_valid", sql`${t.status} IN ('pending', 'verified', 'rejected')`),
  ],
);

/**
 * How many campaign gifts have each status and what they add up to, kept by triggers on
 * `pool_donations` (migration 0030), so the giving totals do not sum every gift (issue 45: 37 ms
 * at 500,000 gifts). Never written by the app.
 */
export const donationTotals = sqliteTable("donation_totals", {
  status: text("status", { enum: DONATION_STATUSES }).primaryKey(),
  gifts: integer("gifts").notNull().default(0),
  amount: integer("amount").notNull().default(0),
});

/**
 * A campaign's money per Ulaanbaatar day, kept by triggers on `pool_donations` (migration 0032):
 * verified gifts on the day they were verified, pledges still waiting on the day they were made,
 * as its chart draws them (pool-series.server.ts), so the chart reads a row a day and not every
 * gift (issue 45). A day whose gifts were all turned down or removed stays at 0. WITHOUT ROWID
 * (written into the migration), so a campaign's days sit together and not where each was first
 * written. Never written by the app.
 */
export const poolDays = sqliteTable(
  "pool_days",
  {
    pool_id: integer("pool_id")
      .notNull()
      .references(() => donationPools.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD in Ulaanbaatar (UTC+8, no summer time since 2017). */
    day: text("day").notNull(),
    verified: integer("verified").notNull().default(0),
    pending: integer("pending").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pool_id, t.day] })],
);

/** General donations to the site (spec 02 §3 donations), not tied to a pool. */
export const donations = sqliteTable(
  "donations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    donor_name: text("donor_name").notNull(),
    phone_number: text("phone_number").notNull(),
    amount: integer("amount").notNull(),
    bank_name: text("bank_name").notNull(),
    bank_account: text("bank_account"),
    transaction_reference: text("transaction_reference"),
    /** What the donor writes in the transfer description ("C482913"), for matching the bank statement. */
    payment_code: text("payment_code"),
    monthly_gift_id: integer("monthly_gift_id").references(() => monthlyGifts.id, {
      onDelete: "set null",
    }),
    gift_month: text("gift_month"),
    message: text("message"),
    /** Optional: where the donor is told what happened to their gift (issue 17). */
    email: text("email"),
    /** The language the donor used, so every message to them is in it. */
    language: text("language").notNull().default("mn"),
    status: text("status", { enum: DONATION_STATUSES }).notNull().default("pending"),
    display_in_leaderboard: integer("display_in_leaderboard", { mode: "boolean" })
      .notNull()
      .default(true),
    is_hidden: integer("is_hidden", { mode: "boolean" }).notNull().default(false),
    /** Unguessable token for the donor's status page. */
    status_token: text("status_token").notNull(),
    donation_date: createdAt("donation_date"),
    decided_at: timestamp("decided_at"),
    decided_by: text("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("donations_status_date").on(t.status, t.donation_date),
    index("donations_status_decided").on(t.status, t.decided_at),
    uniqueIndex("donations_status_token").on(t.status_token),
    uniqueIndex("donations_payment_code").on(t.payment_code),
    index("donations_monthly").on(t.monthly_gift_id, t.gift_month),
    check("donations_amount_positive", sql`${t.amount} > 0`),
    check("donations_status_valid", sql`${t.status} IN ('pending', 'verified', 'rejected')`),
  ],
);

export const STATEMENT_LINE_STATUSES = ["open", "confirmed", "dismissed"] as const;
export const MATCH_TARGET_KINDS = ["pool", "general", "story"] as const;

/** One upload of a bank statement (issue 7). The file is kept only while its columns await mapping. */
export const statementImports = sqliteTable(
  "statement_imports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    file_name: text("file_name").notNull(),
    /** khan, golomt, tdb, xac, or manual (columns chosen by the administrator). */
    preset: text("preset"),
    /** How the text was read: utf-8, utf-16, windows-1251, or xlsx. */
    encoding: text("encoding"),
    status: text("status", { enum: ["needs_mapping", "imported"] }).notNull(),
    /** The uploaded bytes, base64, until the columns are mapped; then cleared. */
    pending_file: text("pending_file"),
    lines_new: integer("lines_new").notNull().default(0),
    lines_duplicate: integer("lines_duplicate").notNull().default(0),
    lines_outgoing: integer("lines_outgoing").notNull().default(0),
    lines_unreadable: integer("lines_unreadable").notNull().default(0),
    uploaded_by: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [index("statement_imports_created").on(t.created_at)],
);

/**
 * An incoming transfer read from a statement, stored once: the fingerprint (date, amount,
 * description, counterparty account, and its repeat number within the file) is unique, so
 * uploading the same statement again adds nothing.
 */
export const statementLines = sqliteTable(
  "statement_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    import_id: integer("import_id")
      .notNull()
      .references(() => statementImports.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
    booked_on: text("booked_on").notNull(),
    amount: integer("amount").notNull(),
    description: text("description").notNull().default(""),
    counterparty: text("counterparty"),
    account: text("account"),
    bank_reference: text("bank_reference"),
    status: text("status", { enum: STATEMENT_LINE_STATUSES }).notNull().default("open"),
    /** What the line paid for, once confirmed: a pool pledge, a site donation or a story payment. */
    target_kind: text("target_kind", { enum: MATCH_TARGET_KINDS }),
    target_id: integer("target_id"),
    decided_at: timestamp("decided_at"),
    decided_by: text("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("statement_lines_fingerprint").on(t.fingerprint),
    index("statement_lines_status_booked").on(t.status, t.booked_on),
    index("statement_lines_import").on(t.import_id),
    // The ledger's «matched to the bank statement of {date}» for each verified gift.
    index("statement_lines_target").on(t.target_kind, t.target_id),
    check("statement_lines_amount_positive", sql`${t.amount} > 0`),
    check("statement_lines_status_valid", sql`${t.status} IN ('open', 'confirmed', 'dismissed')`),
  ],
);

/** FAQ items q1..qN per language; the answer of item qN is the spec's aN. */
export const faqEntries = sqliteTable(
  "faq_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    language: text("language", { enum: LANGUAGES }).notNull(),
    item_key: text("item_key").notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    position: integer("position").notNull().default(0),
    updated_at: createdAt("updated_at"),
  },
  (t) => [
    uniqueIndex("faq_entries_language_item").on(t.language, t.item_key),
    index("faq_entries_language_position").on(t.language, t.position),
  ],
);

export { LEGAL_SLUGS, type LegalSlug };

/**
 * The privacy policy, terms of use and cookie policy, per language: the site's own words, edited
 * by administrators like the FAQ (issue 16). `body` is plain text: paragraphs, `## ` headings and
 * `- ` list items (app/components/legal-text.tsx).
 */
export const legalPages = sqliteTable(
  "legal_pages",
  {
    slug: text("slug", { enum: LEGAL_SLUGS }).notNull(),
    language: text("language", { enum: LANGUAGES }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    updated_at: createdAt("updated_at"),
    updated_by: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.slug, t.language] })],
);

/** Small JSON documents by key: premium prices and days, moderation switches. */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updated_at: createdAt("updated_at"),
  updated_by: text("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/** Who did what to which record, and when. Kept when the record itself is gone. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actor_id: text("actor_id"),
    actor_username: text("actor_username"),
    action: text("action").notNull(),
    entity_type: text("entity_type").notNull(),
    entity_id: text("entity_id"),
    details: text("details"),
    created_at: createdAt(),
  },
  (t) => [
    index("audit_log_created").on(t.created_at),
    index("audit_log_entity").on(t.entity_type, t.entity_id),
  ],
);

/** Fixed-window counters for rate limits, shared by every server process on the database. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  reset_at: integer("reset_at").notNull(), // epoch milliseconds
});

/**
 * The payment code a donate page showed a visitor, kept for them until they pledge or it expires
 * (issue 16): a reload, or coming back from the bank app, shows the same code, and no one else
 * is given it meanwhile. `visitor` is the SHA-256 of the random id in the visitor's cookie.
 */
export const paymentCodeHolds = sqliteTable(
  "payment_code_holds",
  {
    code: text("code").primaryKey(),
    visitor: text("visitor").notNull(),
    /** "pool:12" for a pool's pledge form, "general" for the site's donation form. */
    target: text("target").notNull(),
    expires_at: timestamp("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("payment_code_holds_visitor_target").on(t.visitor, t.target),
    index("payment_code_holds_expires").on(t.expires_at),
  ],
);

/**
 * An author's story draft as the server keeps it (issue 41, decision 059): the six-digit payment
 * reference step 3 of /post-story showed, held for this author alone until the story is sent, and
 * the picture stored at step 1, so passing step 2 again after a reload shows the same code and
 * the draft keeps its image. One per author; each view renews it.
 */
export const storyDrafts = sqliteTable(
  "story_drafts",
  {
    user_id: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    payment_reference: text("payment_reference").notNull().unique(),
    image_id: text("image_id").references(() => media.id, { onDelete: "set null" }),
    expires_at: timestamp("expires_at").notNull(),
  },
  (t) => [index("story_drafts_expires").on(t.expires_at)],
);

export const MESSAGE_CHANNELS = ["email", "sms"] as const;
export const MESSAGE_STATUSES = [
  "pending",
  "sending",
  "sent",
  "failed",
  "dead",
  "skipped",
] as const;

/**
 * Messages to send (issue 17, decision 027): written in the same batch as the change that causes
 * them, claimed by a sender with a conditional update (any process, any server), sent, retried
 * with backoff, and marked dead after a bounded number of tries. `dedupe_key` names the event and
 * channel ("pool_donation:12:verified:email"), so an event is queued once however often it is
 * written. The text is made when the message is sent, from `kind` and `params`, in `language`.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    dedupe_key: text("dedupe_key").notNull(),
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull(),
    /** An e-mail address, or a phone number as the donor gave it. */
    recipient: text("recipient").notNull(),
    kind: text("kind").notNull(),
    language: text("language").notNull().default("mn"),
    /** JSON: the ids and values the message is made from. */
    params: text("params").notNull().default("{}"),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: createdAt("next_attempt_at"),
    /** While `sending`: when the claim lapses and another sender may take the message. */
    claimed_until: timestamp("claimed_until"),
    last_error: text("last_error"),
    /** What was sent: the subject and text, kept for the administrators' view. */
    subject: text("subject"),
    body: text("body"),
    created_at: createdAt(),
    sent_at: timestamp("sent_at"),
  },
  (t) => [
    uniqueIndex("outbox_dedupe").on(t.dedupe_key),
    index("outbox_due").on(t.status, t.next_attempt_at),
    index("outbox_created").on(t.created_at),
    check("outbox_channel_valid", sql`${t.channel} IN ('email', 'sms')`),
    check(
      "outbox_status_valid",
      sql`${t.status} IN ('pending', 'sending', 'sent', 'failed', 'dead', 'skipped')`,
    ),
  ],
);

/**
 * A signed-in person's inbox (issue 17): what happened to their stories, written in the same
 * batch as the change. `dedupe_key` (when set) names an event that a scan may find again, such as
 * a featured period about to end. The text is made when the inbox is read, in the reader's
 * language, from `kind` and `params`.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** JSON: the ids and values the text is made from (the story's id and title…). */
    params: text("params").notNull().default("{}"),
    dedupe_key: text("dedupe_key"),
    created_at: createdAt(),
    read_at: timestamp("read_at"),
  },
  (t) => [
    index("notifications_user_created").on(t.user_id, t.created_at),
    uniqueIndex("notifications_dedupe").on(t.dedupe_key),
  ],
);

export const REPORT_TARGETS = ["story", "comment"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_STATUSES = ["open", "resolved"] as const;
export const REPORT_OUTCOMES = ["hidden", "deleted", "dismissed", "suspended"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/**
 * A reader's report of a story or a comment (issue 18, decision 030): once per reader and item.
 * The item is named by type and id without a foreign key, so the report stays for the record
 * when the item is deleted; an administrator's decision resolves every open report of the item.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    target_type: text("target_type", { enum: REPORT_TARGETS }).notNull(),
    target_id: integer("target_id").notNull(),
    /** Who wrote the item when it was reported: the account a suspension is for. */
    target_user_id: text("target_user_id").references(() => users.id, { onDelete: "set null" }),
    reporter_id: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    note: text("note"),
    /**
     * What the report counts toward hiding the item without an administrator (decision 048): the
     * reporter's trust when they reported, 0 (none), 1 (half) or 2 (a whole report).
     */
    weight: integer("weight").notNull().default(0),
    /**
     * Keyed hashes of the reporter's browser (device cookie) and network address while the report
     * is open: reports from one browser or one address count once. Cleared when it is resolved.
     */
    device_hash: text("device_hash"),
    address_hash: text("address_hash"),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    outcome: text("outcome", { enum: REPORT_OUTCOMES }),
    created_at: createdAt(),
    resolved_at: timestamp("resolved_at"),
    resolved_by: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("reports_once").on(t.target_type, t.target_id, t.reporter_id),
    index("reports_open").on(t.status, t.target_type, t.target_id),
    check("reports_target_valid", sql`${t.target_type} IN ('story', 'comment')`),
    check("reports_status_valid", sql`${t.status} IN ('open', 'resolved')`),
  ],
);

export const UPDATE_MEDIA_KINDS = ["photo", "receipt"] as const;

/**
 * An administrator's update on a campaign (issue 20): text in both languages, and optionally an
 * amount spent, what it went on, and its receipts. The sum of `spent_amount` is the ledger's
 * «spent». The final report closes the campaign: at most one per pool, with what was raised when
 * it closed (the ledger keeps counting gifts verified later).
 */
export const poolUpdates = sqliteTable(
  "pool_updates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    pool_id: integer("pool_id")
      .notNull()
      .references(() => donationPools.id, { onDelete: "cascade" }),
    body_mn: text("body_mn").notNull(),
    /** English text; none: English readers see the Mongolian. */
    body_en: text("body_en"),
    spent_amount: integer("spent_amount"),
    spent_on_mn: text("spent_on_mn"),
    spent_on_en: text("spent_on_en"),
    is_final: integer("is_final", { mode: "boolean" }).notNull().default(false),
    raised_at_close: integer("raised_at_close"),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    index("pool_updates_pool_created").on(t.pool_id, t.created_at),
    uniqueIndex("pool_updates_one_final").on(t.pool_id).where(sql`${t.is_final} = 1`),
    check(
      "pool_updates_spent_valid",
      sql`${t.spent_amount} IS NULL OR (${t.spent_amount} > 0 AND ${t.spent_on_mn} IS NOT NULL)`,
    ),
  ],
);

/** The photos and receipt pictures of an update, in order (up to six of each). */
export const poolUpdateMedia = sqliteTable(
  "pool_update_media",
  {
    update_id: integer("update_id")
      .notNull()
      .references(() => poolUpdates.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: UPDATE_MEDIA_KINDS }).notNull(),
    position: integer("position").notNull(),
    media_id: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.update_id, t.kind, t.position] }),
    index("pool_update_media_media").on(t.media_id),
    check("pool_update_media_kind_valid", sql`${t.kind} IN ('photo', 'receipt')`),
  ],
);

export const RECEIPT_KINDS = ["pool", "general"] as const;

/**
 * A donor's receipt for a verified gift (issue 20): its number is random (it cannot be guessed
 * from another one), made once per donation, and `/receipts/{number}` finds it.
 */
export const receipts = sqliteTable(
  "receipts",
  {
    number: text("number").primaryKey(),
    kind: text("kind", { enum: RECEIPT_KINDS }).notNull(),
    donation_id: integer("donation_id").notNull(),
    issued_at: createdAt("issued_at"),
  },
  (t) => [
    uniqueIndex("receipts_donation").on(t.kind, t.donation_id),
    check("receipts_kind_valid", sql`${t.kind} IN ('pool', 'general')`),
  ],
);

/**
 * Donors (who have no account) who turned off a kind of optional mail by its one-click
 * unsubscribe link (RFC 8058): the address, lower-cased and trimmed, and the kind ("updates":
 * the campaign updates of issue 20). The mails that must reach a donor (received, verified,
 * rejected) are not optional and ignore it.
 */
export const mailOptouts = sqliteTable(
  "mail_optouts",
  {
    email: text("email").notNull(),
    kind: text("kind").notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.kind] })],
);

export const QPAY_INVOICE_STATUSES = ["creating", "open", "paid", "cancelled", "failed"] as const;

/**
 * A QPay invoice for a payment that also has a bank-transfer code (issue 39, decision 057): one
 * live invoice per pledge, site donation or story (`creating` claims the right to ask QPay for
 * it, so two requests never make two). `callback_token` is the only secret in QPay's callback
 * address; the callback is a signal to ask QPay, never proof of payment. `failed` keeps when the
 * last try to make one failed, so a page does not ask QPay again on every view.
 */
export const qpayInvoices = sqliteTable(
  "qpay_invoices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    target_kind: text("target_kind", { enum: MATCH_TARGET_KINDS }).notNull(),
    target_id: integer("target_id").notNull(),
    status: text("status", { enum: QPAY_INVOICE_STATUSES }).notNull(),
    /** Ours: the payment code, with `-2`, `-3`… when an earlier invoice for it was cancelled. */
    sender_invoice_no: text("sender_invoice_no").notNull(),
    amount: integer("amount").notNull(),
    callback_token: text("callback_token").notNull(),
    /** QPay's: what it answered when the invoice was made. */
    invoice_id: text("invoice_id"),
    qr_text: text("qr_text"),
    qr_image: text("qr_image"),
    short_url: text("short_url"),
    /** The bank apps' deep links, JSON: [{ name, description, logo, link }]. */
    urls: text("urls"),
    payment_id: text("payment_id"),
    paid_amount: integer("paid_amount"),
    paid_at: timestamp("paid_at"),
    created_at: createdAt(),
    checked_at: timestamp("checked_at"),
    /** When the sweep asks QPay next about an open invoice; null once it stops asking. */
    next_check_at: timestamp("next_check_at"),
  },
  (t) => [
    uniqueIndex("qpay_invoices_callback_token").on(t.callback_token),
    uniqueIndex("qpay_invoices_sender_no").on(t.sender_invoice_no),
    // At most one invoice per payment that is being made, open or paid.
    uniqueIndex("qpay_invoices_live_target")
      .on(t.target_kind, t.target_id)
      .where(sql`status IN ('creating', 'open', 'paid')`),
    index("qpay_invoices_target").on(t.target_kind, t.target_id, t.created_at),
    index("qpay_invoices_next_check").on(t.next_check_at),
    check("qpay_invoices_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * A reader following an author (issue 42): the author's new public stories reach the follower's
 * inbox and digest. Both sides go with their accounts.
 */
export const authorFollows = sqliteTable(
  "author_follows",
  {
    follower_id: text("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    author_id: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.follower_id, t.author_id] }),
    index("author_follows_author").on(t.author_id),
  ],
);

/** A reader following a campaign (issue 42): its updates reach the follower's inbox and digest. */
export const poolFollows = sqliteTable(
  "pool_follows",
  {
    follower_id: text("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pool_id: integer("pool_id")
      .notNull()
      .references(() => donationPools.id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.follower_id, t.pool_id] }),
    index("pool_follows_pool").on(t.pool_id),
  ],
);

/**
 * Counting reads without knowing readers (issue 42, the way Plausible counts): a visitor is a
 * hash of the day's secret, their address and user agent; the secret and the day's hashes are
 * deleted once the day (Asia/Ulaanbaatar) is over, so no visitor can be recognised across days
 * and nothing stored names an address.
 */
export const readSalts = sqliteTable("read_salts", {
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
});

/** Who read a story today, as hashes only: a second read the same day is not counted again. */
export const readVisitors = sqliteTable(
  "read_visitors",
  {
    day: text("day").notNull(),
    story_id: integer("story_id").notNull(),
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.story_id, t.visitor] })],
);

/** Reads of a story per day (a visitor counted once a day). */
export const storyReads = sqliteTable(
  "story_reads",
  {
    story_id: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    reads: integer("reads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.story_id, t.day] }), index("story_reads_day").on(t.day)],
);

/**
 * Where a day's reads of a story came from: a referring site's domain only, "search" (StoryShare's
 * own search), "site" (another StoryShare page) or "direct".
 */
export const storyReadSources = sqliteTable(
  "story_read_sources",
  {
    story_id: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    source: text("source").notNull(),
    reads: integer("reads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.story_id, t.day, t.source] })],
);

export const MONTHLY_STATUSES = ["active", "paused", "stopped"] as const;
export type MonthlyStatus = (typeof MONTHLY_STATUSES)[number];
/** How the donor pays each month: a standing order in their bank, or a reminder from us. */
export const MONTHLY_METHODS = ["standing_order", "reminder"] as const;
export const MONTHLY_MONTH_STATES = ["paid", "missed", "paused"] as const;

/**
 * A donor's monthly gift to a campaign, or to the site when `pool_id` is null (issue 43). No
 * account needed; a signed-in donor's is theirs on /profile. `payment_code` ("M482913") is the
 * donor's own, for a standing order: never given to anyone else (rows are never deleted, only
 * stopped). Each month's money is an ordinary gift (pool_donations / donations) carrying
 * `monthly_gift_id` and `gift_month`, so the ledger and the totals count it like any other.
 * `link_version` is in every signed link: raising it makes the older links refuse.
 */
export const monthlyGifts = sqliteTable(
  "monthly_gifts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    pool_id: integer("pool_id").references(() => donationPools.id, { onDelete: "cascade" }),
    user_id: text("user_id").references(() => users.id, { onDelete: "set null" }),
    donor_name: text("donor_name").notNull(),
    email: text("email"),
    phone_number: text("phone_number"),
    remind_by_email: integer("remind_by_email", { mode: "boolean" }).notNull().default(false),
    remind_by_sms: integer("remind_by_sms", { mode: "boolean" }).notNull().default(false),
    method: text("method", { enum: MONTHLY_METHODS }).notNull(),
    amount: integer("amount").notNull(),
    /** Whether each month's gift may show the donor's name on the ledger and lists. */
    display_in_leaderboard: integer("display_in_leaderboard", { mode: "boolean" })
      .notNull()
      .default(false),
    /** 1–31 in Asia/Ulaanbaatar; a shorter month uses its last day. */
    day_of_month: integer("day_of_month").notNull(),
    payment_code: text("payment_code").notNull(),
    language: text("language").notNull().default("mn"),
    status: text("status", { enum: MONTHLY_STATUSES }).notNull().default("active"),
    /** While paused: the first month ("YYYY-MM") it gives again. */
    paused_until: text("paused_until"),
    /** Months missed in a row; at three the reminders pause and the donor is told why. */
    missed_in_row: integer("missed_in_row").notNull().default(0),
    link_version: integer("link_version").notNull().default(1),
    /** Why it stopped: "donor", "campaign_ended"… */
    stop_reason: text("stop_reason"),
    stopped_at: timestamp("stopped_at"),
    created_at: createdAt(),
    updated_at: createdAt("updated_at"),
  },
  (t) => [
    uniqueIndex("monthly_gifts_payment_code").on(t.payment_code),
    index("monthly_gifts_pool_status").on(t.pool_id, t.status),
    index("monthly_gifts_user").on(t.user_id),
    index("monthly_gifts_status_day").on(t.status, t.day_of_month),
    check("monthly_gifts_amount_positive", sql`${t.amount} > 0`),
    check("monthly_gifts_day_valid", sql`${t.day_of_month} BETWEEN 1 AND 31`),
    check("monthly_gifts_reminded", sql`${t.remind_by_email} = 1 OR ${t.remind_by_sms} = 1`),
    check("monthly_gifts_status_valid", sql`${t.status} IN ('active', 'paused', 'stopped')`),
    check("monthly_gifts_method_valid", sql`${t.method} IN ('standing_order', 'reminder')`),
  ],
);

/**
 * What became of each month of a monthly gift once it was due: paid (a gift of that month was
 * verified), missed (the month ended without one), paused. `reminded_at` is when the month's
 * reminder was queued (the outbox's dedupe key keeps it to once).
 */
export const monthlyGiftMonths = sqliteTable(
  "monthly_gift_months",
  {
    gift_id: integer("gift_id")
      .notNull()
      .references(() => monthlyGifts.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    state: text("state", { enum: MONTHLY_MONTH_STATES }),
    reminded_at: timestamp("reminded_at"),
  },
  (t) => [primaryKey({ columns: [t.gift_id, t.month] })],
);
