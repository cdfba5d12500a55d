/**
 * What a follow changes for the shared cache in front (decision 046): the follower count on the
 * author's page and on their stories' bylines, or on the campaign's page. The pages are named by
 * their folders (the author's stories are not known before the write), and a folder's path
 * covers every page in it: /stories also drops the story lists /stories/all and
 * /stories/featured, and /donation-pools the campaign list, though they show no count. The home
 * page and the other pages stay cached.
 */
export const AUTHOR_FOLLOW_CHANGES = ["/authors", "/stories", "/story"] as const;
export const POOL_FOLLOW_CHANGES = ["/donation-pools"] as const;
