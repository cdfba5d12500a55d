import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthorName } from "~/components/author-name";
import { FreeBadge, VipBadge } from "~/components/badges";
import { HeartIcon, ImageIcon } from "~/components/icons";
import { ImageOnDemand } from "~/components/image-on-demand";
import { useLightMode } from "~/components/light-switch";
import { authorLabel } from "~/lib/author";
import { formatNumber, truncate } from "~/lib/format";
import type { StoryCardData } from "~/models/stories.server";

/** Characters of a card's excerpt (spec: cards 120). */
export const CARD_EXCERPT = 120;

/** What a card draws: the pages may send only this (decision 070). */
export type StoryCardView = Pick<
  StoryCardData,
  | "id"
  | "title"
  | "preview"
  | "author"
  | "author_avatar_url"
  | "pricing_tier"
  | "is_featured"
  | "hearts_count"
> & {
  image: Pick<NonNullable<StoryCardData["image"]>, "thumbnail_url" | "width" | "height"> | null;
};

/**
 * Story card (spec 01 §2): image or placeholder, title, 120-character excerpt, author with a
 * first-letter avatar, Read link to /story/{id}. A story featured now gets the VIP badge, a star
 * and the golden style (a paid story whose period ended is a regular one again); a free story
 * shown among featured ones gets the Free badge.
 */
export function StoryCard({
  story,
  featured = false,
  priority = false,
  headingLevel = 3,
  linkAuthor = true,
}: {
  story: StoryCardView;
  featured?: boolean;
  /** The first cards on screen load at once; the rest lazily. */
  priority?: boolean;
  /** 2 on a page whose cards sit right under its h1; 3 under a section's h2 (the default). */
  headingLevel?: 2 | 3;
  /** False on the author's own page. */
  linkAuthor?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { t } = useTranslation("stories");
  const href = `/story/${story.id}`;
  const premium = story.is_featured;
  return (
    <article
      className={`group relative flex h-full flex-col overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md ${
        premium ? "border-gold/60 ring-1 ring-gold/25" : "border-border"
      }`}
      data-testid="story-card"
      data-tier={story.pricing_tier}
    >
      <div className="relative aspect-[3/2] overflow-hidden bg-muted">
        {story.image ? (
          <ImageOnDemand
            thumbnail={story.image.thumbnail_url}
            alt=""
            label={story.title}
            className="h-full w-full object-cover"
          >
            <img
              src={story.image.thumbnail_url}
              width={story.image.width}
              height={story.image.height}
              alt=""
              loading={priority ? "eager" : "lazy"}
              decoding="async"
              className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
            />
          </ImageOnDemand>
        ) : (
          <div className="flex h-full w-full flex-col items-center justify-center gap-1 text-muted-foreground">
            <ImageIcon width={28} height={28} />
            <span className="text-xs">{t("card.noImage")}</span>
          </div>
        )}
        {premium || featured ? (
          <div className="absolute left-3 top-3 flex gap-1.5">
            {premium ? <VipBadge /> : <FreeBadge />}
          </div>
        ) : null}
      </div>
      <div
        className={`flex flex-1 flex-col p-5 ${premium ? "bg-gradient-to-b from-gold-soft/50 to-transparent" : ""}`}
      >
        <Heading className="line-clamp-2 text-lg font-semibold leading-snug">
          <Link to={href} className="hover:text-primary focus-visible:rounded">
            {story.title}
          </Link>
        </Heading>
        <p className="mb-4 mt-2 line-clamp-3 text-sm leading-relaxed text-muted-foreground">
          {truncate(story.preview, CARD_EXCERPT)}
        </p>
        <div className="mt-auto flex items-center gap-3">
          <AuthorAvatar name={authorLabel(t, story.author)} url={story.author_avatar_url} />
          <AuthorName
            author={story.author}
            link={linkAuthor}
            className="min-w-0 flex-1 truncate text-sm font-medium"
          />
          <span
            className="flex items-center gap-1 text-xs text-muted-foreground"
            title={t("card.hearts", { count: story.hearts_count })}
          >
            <HeartIcon width={14} height={14} />
            <span aria-hidden="true">{formatNumber(story.hearts_count)}</span>
            <span className="sr-only">{t("card.hearts", { count: story.hearts_count })}</span>
          </span>
          <Link
            to={href}
            className="rounded-lg px-2.5 py-1.5 text-sm font-semibold text-primary hover:bg-secondary"
            aria-label={t("card.readStory", { title: story.title })}
          >
            {t("card.read")}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The author's picture, or the first letter of the name when there is none (spec 01 §4). */
export function AuthorAvatar({
  name,
  url,
  size = 32,
}: {
  name: string;
  url: string | null;
  size?: number;
}) {
  const letter = [...name.trim()][0]?.toUpperCase() ?? "?";
  // Decorative (the name is beside it): light mode (decision 065) shows the letter instead.
  const light = useLightMode();
  if (url && !light) {
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="grid shrink-0 place-items-center rounded-full bg-secondary text-sm font-bold text-secondary-foreground"
      style={{ width: size, height: size }}
    >
      {letter}
    </span>
  );
}

/** Grey cards shown while a list is on its way (spec 01 §2: 3 or 6 of them). */
export function StoryCardSkeleton() {
  return (
    <div
      className="flex h-full animate-pulse flex-col overflow-hidden rounded-2xl border border-border bg-card"
      aria-hidden="true"
    >
      <div className="aspect-[3/2] bg-muted" />
      <div className="space-y-3 p-5">
        <div className="h-5 w-3/4 rounded bg-muted" />
        <div className="h-3 w-full rounded bg-muted" />
        <div className="h-3 w-5/6 rounded bg-muted" />
        <div className="flex items-center gap-3 pt-2">
          <div className="h-8 w-8 rounded-full bg-muted" />
          <div className="h-3 w-24 rounded bg-muted" />
        </div>
      </div>
    </div>
  );
}
