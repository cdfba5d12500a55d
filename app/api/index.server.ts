import { currentUser, login, logout, register, userPassword } from "./accounts.server";
import { clearData, faq, premiumSettings, premiumSettingsDirect } from "./admin.server";
import { adminMonthlyCall } from "./admin-monthly.server";
import { adminOverviewCall } from "./admin-overview.server";
import { authorStories } from "./authors.server";
import { heldComments, publishCommentCall } from "./comment-review.server";
import { donationStatusCall } from "./donation-status.server";
import {
  pendingPledges,
  poolPledges,
  rejectDonation,
  rejectPledge,
  siteDonations,
  verifyDonation,
  verifyPledge,
} from "./donations.server";
import { authorFollow, poolFollow, userFollowing } from "./follows.server";
import { inbox, inboxRead } from "./inbox.server";
import { givingTotalsCall, poolLedgerCall } from "./ledger.server";
import { monthlyByToken, poolMonthly, siteMonthly } from "./monthly.server";
import { monthlyLinks } from "./monthly-links.server";
import { poolCollection } from "./pool-list.server";
import { poolStatsCall } from "./pool-series.server";
import { closePoolCall, poolUpdateById, poolUpdatesCall } from "./pool-updates.server";
import { allPools, poolById, poolStatus, recentPoolDonations } from "./pools.server";
import { qpayCallback } from "./qpay.server";
import { receiptByNumber } from "./receipts.server";
import {
  confirmReconciliation,
  dismissLine,
  reconciliation,
  reopenLine,
} from "./reconciliation.server";
import { openApi } from "./reference.server";
import { reportById, reportCollection } from "./reports.server";
import type { Resource } from "./resource.server";
import { search } from "./search.server";
import {
  approveStoryCall,
  commentById,
  featuredStories,
  regularStories,
  rejectStoryCall,
  storyById,
  storyComments,
  storyHeart,
  verifyStoryPaymentCall,
} from "./stories.server";
import {
  approveStoryEditCall,
  rejectStoryEditCall,
  storyEditCall,
  storyEditsList,
} from "./story-edits.server";
import { pendingStories, storyCollection } from "./story-list.server";
import { storyStatsCall } from "./story-stats.server";

/** Every declared /api resource: the OpenAPI document is made from this list. */
export const RESOURCES: Resource[] = [
  login,
  register,
  logout,
  currentUser,
  userPassword,
  userFollowing,
  inbox,
  inboxRead,
  storyCollection,
  pendingStories,
  featuredStories,
  regularStories,
  authorStories,
  authorFollow,
  storyById,
  storyEditsList,
  storyEditCall,
  approveStoryEditCall,
  rejectStoryEditCall,
  storyComments,
  storyHeart,
  storyStatsCall,
  commentById,
  heldComments,
  publishCommentCall,
  approveStoryCall,
  rejectStoryCall,
  verifyStoryPaymentCall,
  reportCollection,
  reportById,
  poolCollection,
  poolById,
  poolFollow,
  recentPoolDonations,
  poolLedgerCall,
  givingTotalsCall,
  poolStatsCall,
  poolStatus,
  poolUpdatesCall,
  poolUpdateById,
  closePoolCall,
  allPools,
  poolPledges,
  siteDonations,
  poolMonthly,
  siteMonthly,
  monthlyByToken,
  monthlyLinks,
  pendingPledges,
  verifyPledge,
  rejectPledge,
  verifyDonation,
  rejectDonation,
  reconciliation,
  confirmReconciliation,
  dismissLine,
  reopenLine,
  receiptByNumber,
  qpayCallback,
  donationStatusCall,
  premiumSettings,
  premiumSettingsDirect,
  search,
  faq,
  adminOverviewCall,
  adminMonthlyCall,
  clearData,
  openApi,
] as Resource[];
