import { DIGEST_FREQUENCIES } from "#db/schema";
import { apiJson } from "~/http/http.server";
import { getDigest, setDigest } from "~/models/digest.server";
import { listFollowing, setAuthorFollow, setPoolFollow } from "~/models/follows.server";
import { DigestSchema } from "~/schemas/follow";
import { AUTHOR_FOLLOW_CHANGES, POOL_FOLLOW_CHANGES } from "~/screens/follow/follow-changes.server";
import { operation, resource } from "./resource.server";
import { DateTime, refused, Whole, z } from "./schemas.server";

/**
 * Following authors and campaigns, and the e-mail digest of what one follows (issue 42): the /api
 * twins of the Follow buttons and of /profile's «Following» section.
 */

const TAG = "Follows";

const AuthorFollow = z
  .object({
    username: z.string(),
    following: z.boolean(),
    followers: Whole.openapi({ description: "How many accounts follow the author now." }),
  })
  .strict()
  .openapi("AuthorFollow");

const PoolFollow = z
  .object({
    pool_id: Whole,
    following: z.boolean(),
    followers: Whole.openapi({ description: "How many accounts follow the campaign now." }),
  })
  .strict()
  .openapi("PoolFollow");

const Digest = z
  .enum(DIGEST_FREQUENCIES)
  .openapi({ description: "How often the e-mail digest of what one follows comes." });

const Following = z
  .object({
    authors: z.array(
      z
        .object({
          username: z.string(),
          avatar_url: z.string().nullable(),
          followers: Whole,
          followed_at: DateTime,
        })
        .strict(),
    ),
    donation_pools: z.array(
      z
        .object({
          id: Whole,
          name: z.string(),
          status: z.string(),
          followers: Whole,
          followed_at: DateTime,
        })
        .strict(),
    ),
    digest: Digest,
  })
  .strict()
  .openapi("Following");

const AUTHOR_NOTE =
  "A suspended account may not start following (403); unfollowing is always allowed and " +
  "idempotent, as is following twice. A new story of a followed author reaches the follower's " +
  "notifications and e-mail digest once it is public.";

export const authorFollow = resource(
  "/api/authors/{username}/follow",
  TAG,
  {},
  {
    POST: operation({
      summary: "Follow an author",
      description: `${AUTHOR_NOTE} 404 for a username no account has; 409 for oneself.`,
      access: "user",
      changes: AUTHOR_FOLLOW_CHANGES,
      responses: {
        200: { description: "Followed: the new state and count.", schema: AuthorFollow },
        409: refused("The caller is the author."),
      },
      handler: async ({ user, names }) =>
        apiJson(await setAuthorFollow(user, names.username ?? "", true)),
    }),
    DELETE: operation({
      summary: "Stop following an author",
      description: "Idempotent. 404 for a username no account has.",
      access: "user",
      changes: AUTHOR_FOLLOW_CHANGES,
      responses: {
        200: { description: "Not followed: the new state and count.", schema: AuthorFollow },
        409: refused("The caller is the author."),
      },
      handler: async ({ user, names }) =>
        apiJson(await setAuthorFollow(user, names.username ?? "", false)),
    }),
  },
  { username: "The author's username, as their page's address spells it (any letter case)." },
);

export const poolFollow = resource(
  "/api/donation-pools/{id}/follow",
  TAG,
  { id: "pools:errors.notFound" },
  {
    POST: operation({
      summary: "Follow a campaign",
      description:
        "Its new updates reach the follower's notifications and e-mail digest (donors without " +
        "an account keep getting updates by e-mail as before). 404 for a campaign the public " +
        "does not see; 409 for an archived one, which posts no more updates (a completed one " +
        "may still post its final report); a suspended account may not start following (403). " +
        "Idempotent.",
      access: "user",
      changes: POOL_FOLLOW_CHANGES,
      responses: {
        200: { description: "Followed: the new state and count.", schema: PoolFollow },
        409: refused("The campaign is archived."),
      },
      handler: async ({ user, ids }) => apiJson(await setPoolFollow(user, ids.id, true)),
    }),
    DELETE: operation({
      summary: "Stop following a campaign",
      description: "Idempotent; works for a campaign archived since.",
      access: "user",
      changes: POOL_FOLLOW_CHANGES,
      responses: {
        200: { description: "Not followed: the new state and count.", schema: PoolFollow },
      },
      handler: async ({ user, ids }) => apiJson(await setPoolFollow(user, ids.id, false)),
    }),
  },
);

async function following(user: { id: string }) {
  const [list, digest] = await Promise.all([listFollowing(user), getDigest(user)]);
  return {
    authors: list.authors.map((a) => ({
      username: a.username,
      avatar_url: a.avatar_url,
      followers: Number(a.followers),
      followed_at: a.followed_at,
    })),
    donation_pools: list.pools.map((p) => ({
      id: p.id,
      name: p.name,
      status: p.status,
      followers: Number(p.followers),
      followed_at: p.followed_at,
    })),
    digest,
  };
}

export const userFollowing = resource(
  "/api/user/following",
  "Accounts",
  {},
  {
    GET: operation({
      summary: "What I follow",
      description:
        "The authors and campaigns the caller follows, newest follow first, and how often the " +
        "e-mail digest of them comes (`daily`, `weekly`, the default, or `never`).",
      access: "user",
      responses: { 200: { description: "The caller's follows.", schema: Following } },
      handler: async ({ user }) => apiJson(await following(user)),
    }),
    PATCH: operation({
      summary: "Change how often my digest comes",
      description:
        "`{ digest }`: `daily`, `weekly` or `never`, as /profile sets it. Turned on again after " +
        "`never`, the digest starts from now. The digest goes to a confirmed address only and " +
        "is not sent when nothing is new.",
      access: "user",
      body: DigestSchema.openapi("DigestChoice"),
      // Nothing another visitor sees changes.
      changes: "none",
      responses: { 200: { description: "The caller's follows.", schema: Following } },
      handler: async ({ user, body }) => {
        await setDigest(user, body);
        return apiJson(await following(user));
      },
    }),
  },
);
