/**
 * What only the author's or an administrator's preview of an unpublished story shows: the
 * preview banner and where to pay. Loaded on demand (./on-demand.tsx, decision 068).
 */
export { StoryPaymentBox } from "~/components/post-story/story-payment-box";
export { PreviewBanner } from "./preview-banner";
