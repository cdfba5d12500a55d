/** Business constants from the specification (01 §9, 02 §9), shared by client and server. */

export const BANKS = [
  "Khan Bank",
  "Golomt Bank",
  "TDB",
  "MBank",
  "Xac Bank",
  "Turiin Bank",
] as const;
export type Bank = (typeof BANKS)[number];
/** Older spellings, kept readable: rows stored before, and clients that still send them. */
export const BANK_ALIASES: Readonly<Record<string, Bank>> = { "Khaan Bank": "Khan Bank" };

export const LANGUAGES = ["mn", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "mn";

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export const PREMIUM_DEFAULTS = {
  prices: { daily: 3000, weekly: 5000, monthly: 15000 },
  days: { daily: 3, weekly: 7, monthly: 30 },
} as const;

export const LIMITS = {
  usernameMin: 3,
  usernameMax: 32,
  passwordMin: 6,
  passwordMax: 128,
  titleMin: 3,
  titleMax: 100,
  storyMin: 10,
  storyMax: 50_000,
  imageMaxBytes: 20 * 1024 * 1024,
  homePageSize: 6,
  /** The home page's featured row and its campaigns. */
  homeFeatured: 12,
  homePools: 9,
  storiesPageSize: 9,
  approvalsPageSize: 5,
  adminStoriesPageSize: 10,
  cardExcerpt: 120,
  adminExcerpt: 150,
  readCharsPerMinute: 500,
  poolGoalMin: 1000,
  poolDonationMin: 100,
  generalDonationMin: 1000,
} as const;

/** Why an administrator rejected a story; each has words for the author in both languages (stories:rejection). */
export const REJECTION_REASONS = [
  "rules",
  "spam",
  "copyright",
  "quality",
  "payment",
  "other",
  // Taken down by an administrator after readers' reports (issue 18, decision 030).
  "reported",
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
export const REJECTION_NOTE_MAX = 500;

/** The privacy policy, terms of use and cookie policy: their paths and their rows (issue 16). */
export const LEGAL_SLUGS = ["privacy", "terms", "cookies"] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

/** The administrators' filters of sent notifications (/admin/messages). */
export const MESSAGE_FILTERS = ["all", "waiting", "sent", "failed", "skipped"] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];

/**
 * The kinds of mail a person can turn off (issue 17): news of their stories, comments on them,
 * and (administrators only) the queue digest and the failing-messages warning.
 */
export const MAIL_GROUPS = ["stories", "comments", "digest"] as const;
export type MailGroup = (typeof MAIL_GROUPS)[number];
export const mailGroupsFor = (admin: boolean) =>
  MAIL_GROUPS.filter((group) => admin || group !== "digest");

/** The hidden fields of a public form's bot check (app/http/bot-trap.server.ts). */
export const BOT_TRAP_FIELDS = { honeypot: "hp_note", started: "form_started" } as const;

/** What the search lists (issue 19), and the longest query it reads. */
export const SEARCH_TYPES = ["stories", "pools"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_QUERY_MAX = 200;
/**
 * Stories are ranked among the query's newest matches, this many (issue 45, decision 033): a
 * search costs the same however many stories a word is in.
 */
export const SEARCH_WINDOW = 1000;
/** Why a reader reports a story or a comment (issue 18): a short list; "other" needs a note. */
export const REPORT_REASONS = [
  "spam",
  "harassment",
  "sexual",
  "violence",
  "scam",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_NOTE_MAX = 500;
/**
 * Reports from this many trusted readers, on different browsers and addresses, take an item out
 * of sight until an admin decides (decisions 030, 048).
 */
export const REPORTS_TO_HIDE = 3;
/**
 * How much a reader's report counts toward that (decision 048), in halves of a report: nothing
 * from an account younger than NEW_MS or with neither a confirmed address nor anything
 * published; a whole report from one older than ESTABLISHED_MS with both; half otherwise.
 */
export const REPORT_TRUST = {
  NEW_MS: 24 * 60 * 60 * 1000,
  ESTABLISHED_MS: 7 * 24 * 60 * 60 * 1000,
  WHOLE: 2,
} as const;
/** An account's reports an hour. */
export const REPORTS_PER_HOUR = 20;
/** The suspensions an administrator chooses from, in days; null is for good. */
export const SUSPEND_DAYS = [1, 7, 30, null] as const;
