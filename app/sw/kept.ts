import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/constants";

/**
 * The list of what the browser keeps for offline reading (decision 066): saved stories and the
 * recently read, with the reader's language. The worker writes it; the pages (/saved, /offline,
 * the save button) read it from Cache Storage, where it lives beside the copies themselves.
 */

/** Recently read stories kept by themselves; the oldest goes when a 21st is read. */
export const RECENT_MAX = 20;
/** Saved stories never expire; past this many, saving another asks to remove one first. */
export const SAVED_MAX = 100;

/** Cache Storage's caches, each its own bucket: emptying one leaves the others. */
export const CACHES = {
  /** This list. */
  index: "storyshare-offline",
  /** Recently read stories: page, data and picture at phone size. */
  recent: "storyshare-recent",
  /** Saved stories, the same three each. */
  saved: "storyshare-saved",
  /** The home page and the lists, their last copy. */
  lists: "storyshare-lists",
  /** Fingerprinted files (scripts, styles) and catalogues met while reading. */
  assets: "storyshare-assets",
  /** The route manifest's answers, merged per build (lazy route discovery). */
  routes: "storyshare-routes",
  /** /offline and /saved of one build, both languages (the build is added to the name). */
  shell: "storyshare-shell",
} as const;

export const INDEX_URL = "/__offline/index.json";

export interface KeptStory {
  /** The page's path, as the reader opened it (/story/7 or /stories/7). */
  path: string;
  title: string;
  /** When it was read or saved (ms since the epoch). */
  at: number;
  /** The picture's address on the page, and its phone size (the 640 px thumbnail) kept for it. */
  image: string | null;
  phone: string | null;
}

export interface OfflineIndex {
  lang: Language;
  recent: KeptStory[];
  saved: KeptStory[];
}

export const emptyIndex = (): OfflineIndex => ({ lang: DEFAULT_LANGUAGE, recent: [], saved: [] });

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** What Cache Storage holds, read back with care: an older or broken list counts as empty. */
export function parseIndex(value: unknown): OfflineIndex {
  const index = emptyIndex();
  if (!value || typeof value !== "object") return index;
  const raw = value as Record<string, unknown>;
  if (isLanguage(raw.lang)) index.lang = raw.lang;
  const stories = (list: unknown) =>
    (Array.isArray(list) ? list : []).filter(
      (s): s is KeptStory =>
        Boolean(s) &&
        typeof s.path === "string" &&
        typeof s.title === "string" &&
        typeof s.at === "number",
    );
  index.recent = stories(raw.recent);
  index.saved = stories(raw.saved);
  return index;
}

/** The story read now goes first; what falls past RECENT_MAX is dropped (and its copies deleted). */
export function withRecent(
  index: OfflineIndex,
  story: KeptStory,
): { index: OfflineIndex; dropped: KeptStory[] } {
  const recent = [story, ...index.recent.filter((s) => s.path !== story.path)];
  return {
    index: { ...index, recent: recent.slice(0, RECENT_MAX) },
    dropped: recent.slice(RECENT_MAX),
  };
}

/** Saved once, the newest first; null when SAVED_MAX are saved already. */
export function withSaved(index: OfflineIndex, story: KeptStory): OfflineIndex | null {
  const others = index.saved.filter((s) => s.path !== story.path);
  if (others.length >= SAVED_MAX) return null;
  return { ...index, saved: [story, ...others] };
}

export function withoutSaved(index: OfflineIndex, path: string): OfflineIndex {
  return { ...index, saved: index.saved.filter((s) => s.path !== path) };
}

/** The phone-size copy kept for a picture a kept page shows at full size, if any. */
export function phoneFor(index: OfflineIndex, image: string): string | null {
  const story = [...index.recent, ...index.saved].find((s) => s.image === image && s.phone);
  return story?.phone ?? null;
}

/** Messages a page sends the worker; each but `read` is answered on its port. */
export type ToWorker =
  | { type: "hello"; lang: Language; page: string }
  | { type: "read"; story: StoryAsked; lang: Language }
  | { type: "save"; story: StoryAsked; lang: Language }
  | { type: "remove"; path: string }
  | { type: "clear-recent" }
  | { type: "served"; path: string };

/** A story as its page describes it to the worker. */
export type StoryAsked = Omit<KeptStory, "at">;

export type SaveReply = { ok: true } | { ok: false; reason: "full" | "failed" };
export type ServedReply = { fetchedAt: number | null };

/** The kill switch's worker tells open pages to unregister and empty the store (app/sw/off.ts). */
export const WORKER_OFF = "worker-off";
