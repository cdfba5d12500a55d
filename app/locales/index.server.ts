import { createHash } from "node:crypto";
import enAdmin from "./en/admin.json";
import enCharts from "./en/charts.json";
import enCommon from "./en/common.json";
import enDonate from "./en/donate.json";
import enFaq from "./en/faq.json";
import enFollow from "./en/follow.json";
import enMessages from "./en/messages.json";
import enOffline from "./en/offline.json";
import enPlans from "./en/plans.json";
import enPools from "./en/pools.json";
import enPost from "./en/post.json";
import enReceipts from "./en/receipts.json";
import enStats from "./en/stats.json";
import enStories from "./en/stories.json";
import enStory from "./en/story.json";
import mnAdmin from "./mn/admin.json";
import mnCharts from "./mn/charts.json";
import mnCommon from "./mn/common.json";
import mnDonate from "./mn/donate.json";
import mnFaq from "./mn/faq.json";
import mnFollow from "./mn/follow.json";
import mnMessages from "./mn/messages.json";
import mnOffline from "./mn/offline.json";
import mnPlans from "./mn/plans.json";
import mnPools from "./mn/pools.json";
import mnPost from "./mn/post.json";
import mnReceipts from "./mn/receipts.json";
import mnStats from "./mn/stats.json";
import mnStories from "./mn/stories.json";
import mnStory from "./mn/story.json";

/**
 * Every catalogue, bundled into the server build; the browser gets only what a page needs.
 * Namespaces: common (shell, accounts, errors), stories (cards, lists, home), story (detail,
 * comments, hearts), faq (FAQ page), plans (the four pricing plans: FAQ and post-story), post (the post-story wizard and /profile),
 * pools (pool list and detail), donate (pledge and donation forms, status pages), admin (the dashboard and
 * the admin API's messages), messages (the mail and text messages sent to people), receipts (donor
 * receipts and checking one), follow (following authors and campaigns, the digest), stats (reads
 * and the statistics pages), charts (the charts' words, shared by every chart), offline (saved
 * stories, the offline page, decision 066).
 */
export const resources = {
  mn: {
    common: mnCommon,
    stories: mnStories,
    story: mnStory,
    faq: mnFaq,
    plans: mnPlans,
    post: mnPost,
    pools: mnPools,
    donate: mnDonate,
    admin: mnAdmin,
    messages: mnMessages,
    receipts: mnReceipts,
    charts: mnCharts,
    stats: mnStats,
    follow: mnFollow,
    offline: mnOffline,
  },
  en: {
    common: enCommon,
    stories: enStories,
    story: enStory,
    faq: enFaq,
    plans: enPlans,
    post: enPost,
    pools: enPools,
    donate: enDonate,
    admin: enAdmin,
    messages: enMessages,
    receipts: enReceipts,
    charts: enCharts,
    stats: enStats,
    follow: enFollow,
    offline: enOffline,
  },
} as const;

export type Namespace = keyof (typeof resources)["mn"];

/** Changes whenever any catalogue changes: the cache key of /resources/locales URLs. */
export const catalogueVersion = createHash("sha256")
  .update(JSON.stringify(resources))
  .digest("hex")
  .slice(0, 12);
