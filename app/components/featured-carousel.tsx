import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/icons";
import { StoryCard } from "~/components/story-card";
import type { StoryCardData } from "~/models/stories.server";

/**
 * Featured stories (spec 01 §2): with JavaScript an embla carousel (previous/next, loop, free
 * drag); without it the same markup is a horizontally scrollable row that snaps to each card.
 */
export function FeaturedCarousel({ stories }: { stories: StoryCardData[] }) {
  const { t } = useTranslation("stories");
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, dragFree: true, align: "start" });
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (embla) setReady(true);
  }, [embla]);

  const prev = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  return (
    <section className="relative" aria-roledescription="carousel" aria-label={t("featured.region")}>
      <div
        ref={viewportRef}
        className={
          ready
            ? "overflow-hidden"
            : "snap-x snap-mandatory overflow-x-auto pb-3 [scrollbar-width:thin]"
        }
      >
        <ul className="-ml-4 flex touch-pan-y">
          {stories.map((story, i) => (
            <li
              key={story.id}
              className="min-w-0 shrink-0 grow-0 basis-[85%] snap-start pl-4 sm:basis-1/2 lg:basis-1/3"
              aria-roledescription="slide"
            >
              <StoryCard story={story} featured priority={i < 3} />
            </li>
          ))}
        </ul>
      </div>
      {ready && stories.length > 1 ? (
        <div className="mt-4 flex justify-end gap-2">
          <button
            type="button"
            onClick={prev}
            className="btn-outline h-10 w-10 p-0"
            aria-label={t("featured.previous")}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            onClick={next}
            className="btn-outline h-10 w-10 p-0"
            aria-label={t("featured.next")}
          >
            <ChevronRightIcon />
          </button>
        </div>
      ) : null}
    </section>
  );
}
