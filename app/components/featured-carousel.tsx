import { lazy, Suspense, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { StoryCard, type StoryCardView } from "~/components/story-card";
import { useHydrated } from "~/components/use-hydrated";

// Loaded after the page is interactive: the carousel library is not part of the home page's
// first download (issue 8's JS budget); until it arrives the row scrolls and snaps on its own,
// and if it cannot be loaded (a dropped connection, a new release) the row simply stays so.
const EmblaControls = lazy(() =>
  import("~/components/featured-carousel-embla").catch(() => ({ default: () => null })),
);

/**
 * Featured stories (spec 01 §2): with JavaScript an embla carousel (previous/next, loop, free
 * drag); without it, and until it has loaded, the same cards in a horizontally scrollable row
 * that snaps to each card. The carousel takes over the row where it is: the cards are neither
 * mounted again nor re-rendered (that was one of the longest tasks of a phone's page load).
 */
export function FeaturedCarousel({ stories }: { stories: StoryCardView[] }) {
  const { t } = useTranslation("stories");
  const viewport = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [carousel, setCarousel] = useState(false);
  const slides = useMemo(
    () => (
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
    ),
    [stories],
  );

  return (
    <section className="relative" aria-roledescription="carousel" aria-label={t("featured.region")}>
      <div
        ref={viewport}
        className={
          carousel
            ? "overflow-hidden"
            : "snap-x snap-mandatory overflow-x-auto pb-3 [scrollbar-width:thin]"
        }
      >
        {slides}
      </div>
      {hydrated ? (
        <Suspense fallback={null}>
          <EmblaControls
            viewport={viewport}
            count={stories.length}
            styled={carousel}
            onLoaded={setCarousel}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
