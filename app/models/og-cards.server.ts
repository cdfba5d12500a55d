import { and, eq } from "drizzle-orm";
import { db } from "#db/client";
import { donationPools, stories } from "#db/schema";
import { siteOrigin } from "~/http/origin.server";
import { translatorFor } from "~/i18next.server";
import { formatMoney } from "~/lib/format";
import { type OgCard, ogHash } from "~/models/og-image.server";

/**
 * What the link preview of each page shows (issue 19, item 5). The cards are in Mongolian, the
 * site's first language: a link is pasted for everyone, and the services that fetch a preview
 * send no language.
 */

const footer = (request: Request) => `StoryShare · ${new URL(siteOrigin(request)).host}`;

/** A published story's card; null when there is none to show. */
export async function storyCard(request: Request, id: number): Promise<OgCard | null> {
  const story = await db.query.stories.findFirst({
    where: and(eq(stories.id, id), eq(stories.status, "approved")),
    columns: { title: true, author: true, story_image: true },
  });
  if (!story) return null;
  return {
    title: story.title,
    subtitle: story.author,
    imageId: story.story_image,
    footer: footer(request),
  };
}

/** A campaign's card: its name, what it has raised, its first photo. */
export async function poolCard(request: Request, id: number): Promise<OgCard | null> {
  const pool = await db.query.donationPools.findFirst({
    where: eq(donationPools.id, id),
    columns: { name: true, current_amount: true, goal_amount: true, photo_1: true },
  });
  if (!pool) return null;
  return {
    title: pool.name,
    subtitle: `${formatMoney(pool.current_amount)} / ${formatMoney(pool.goal_amount)}`,
    imageId: pool.photo_1,
    footer: footer(request),
  };
}

/** The site's own card, for the home page and the lists. */
export async function siteCard(request: Request): Promise<OgCard> {
  const t = (await translatorFor("mn")).getFixedT("mn");
  return { title: t("brand.name"), subtitle: t("footer.tagline"), footer: footer(request) };
}

/** The address of a card's picture: it changes with what the card shows, so caches follow. */
function cardUrl(request: Request, where: string, card: OgCard) {
  return `${siteOrigin(request)}${where}?v=${ogHash(card)}`;
}

/**
 * A story page's preview picture: the story's own card when it is published (the card of
 * storyCard, made from the story the page has already read), else the site's.
 */
export async function storyPreview(
  request: Request,
  story: {
    id: number;
    status: string;
    title: string;
    author: string;
    image_id: string | null;
  },
) {
  if (story.status !== "approved") return sitePreview(request);
  const card: OgCard = {
    title: story.title,
    subtitle: story.author,
    imageId: story.image_id,
    footer: footer(request),
  };
  return { url: cardUrl(request, `/og/story/${story.id}`, card), alt: card.title };
}

export async function poolPreview(request: Request, id: number) {
  const card = await poolCard(request, id);
  return card
    ? { url: cardUrl(request, `/og/pool/${id}`, card), alt: card.title }
    : sitePreview(request);
}

const sitePreviews = new Map<string, { url: string; alt: string }>();

/**
 * The site's preview picture, for the home page and the lists. The same for every request to an
 * origin (the catalogues are fixed while the process runs), so it is made once per origin.
 */
export async function sitePreview(request: Request) {
  const origin = siteOrigin(request);
  let preview = sitePreviews.get(origin);
  if (!preview) {
    const card = await siteCard(request);
    preview = { url: cardUrl(request, "/og/site", card), alt: `${card.title}: ${card.subtitle}` };
    if (sitePreviews.size < 16) sitePreviews.set(origin, preview);
  }
  return { ...preview };
}
