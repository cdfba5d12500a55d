import { currentUser, login, logout, register } from "./accounts.server";
import { openApi } from "./reference.server";
import type { Resource } from "./resource.server";
import {
  commentById,
  featuredStories,
  regularStories,
  storyById,
  storyComments,
  storyHeart,
} from "./stories.server";

/** Every declared /api resource: the OpenAPI document is made from this list. */
export const RESOURCES: Resource[] = [
  openApi,
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
] as Resource[];
