import { createHash } from "node:crypto";
import enCommon from "./en/common.json";
import enFaq from "./en/faq.json";
import enStories from "./en/stories.json";
import enStory from "./en/story.json";
import mnCommon from "./mn/common.json";
import mnFaq from "./mn/faq.json";
import mnStories from "./mn/stories.json";
import mnStory from "./mn/story.json";

/**
 * Every catalogue, bundled into the server build; the browser gets only what a page needs.
 * Namespaces: common (shell, accounts, errors), stories (cards, lists, home), story (detail,
 * comments, hearts), faq (FAQ and pricing).
 */
export const resources = {
  mn: { common: mnCommon, stories: mnStories, story: mnStory, faq: mnFaq },
  en: { common: enCommon, stories: enStories, story: enStory, faq: enFaq },
} as const;

export type Namespace = keyof (typeof resources)["mn"];

/** Changes whenever any catalogue changes: the cache key of /resources/locales URLs. */
export const catalogueVersion = createHash("sha256")
  .update(JSON.stringify(resources))
  .digest("hex")
  .slice(0, 12);
