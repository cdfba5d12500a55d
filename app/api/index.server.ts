import { currentUser, login, logout, register } from "./accounts.server";
import { clearData, faq, premiumSettings, premiumSettingsDirect } from "./admin.server";
import {
  pendingPledges,
  poolPledges,
  rejectDonation,
  rejectPledge,
  siteDonations,
  verifyDonation,
  verifyPledge,
} from "./donations.server";
import { allPools, poolById, poolStatus, recentPoolDonations } from "./pools.server";
import { openApi } from "./reference.server";
import type { Resource } from "./resource.server";
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

/** Every declared /api resource: the OpenAPI document is made from this list. */
export const RESOURCES: Resource[] = [
  login,
  register,
  logout,
  currentUser,
  featuredStories,
  regularStories,
  storyById,
  storyComments,
  storyHeart,
  commentById,
  approveStoryCall,
  rejectStoryCall,
  verifyStoryPaymentCall,
  poolById,
  recentPoolDonations,
  poolStatus,
  allPools,
  poolPledges,
  siteDonations,
  pendingPledges,
  verifyPledge,
  rejectPledge,
  verifyDonation,
  rejectDonation,
  premiumSettings,
  premiumSettingsDirect,
  faq,
  clearData,
  openApi,
] as Resource[];
