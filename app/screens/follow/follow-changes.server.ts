/**
 * What a follow changes for the shared cache in front (decision 046): the follower count on the
 * author's page and on their stories' bylines, or on the campaign's page. The story and author
 * pages are named by their folders (the author's stories are not known before the write), which
 * leaves the home page and the other lists cached.
 */
export const AUTHOR_FOLLOW_CHANGES = ["/authors", "/stories", "/story"] as const;
export const POOL_FOLLOW_CHANGES = ["/donation-pools"] as const;
