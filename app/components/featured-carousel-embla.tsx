import useEmblaCarousel from "embla-carousel-react";
import { type RefObject, useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/icons";

/**
 * The featured row's carousel: FeaturedCarousel loads this module on demand and hands it the
 * row it already shows. Once loaded it asks for the row's carousel style (`onLoaded`), then
 * starts embla on it (`styled`), so that embla measures the row as it will be shown.
 */
export default function EmblaControls({
  viewport,
  count,
  styled,
  onLoaded,
}: {
  viewport: RefObject<HTMLElement>;
  count: number;
  styled: boolean;
  onLoaded: (loaded: true) => void;
}) {
  const { t } = useTranslation("stories");
  const [attach, embla] = useEmblaCarousel({ loop: true, dragFree: true, align: "start" });
  const startAt = useRef(0);
  useEffect(() => onLoaded(true), [onLoaded]);
  useEffect(() => {
    const row = viewport.current;
    if (!styled || !row) return;
    // The visitor may have scrolled the row before the carousel arrived. Embla moves the row
    // from its own start, so the row's scroll goes back to 0 and embla shows the card that was
    // in view.
    const slide = row.querySelector("li");
    startAt.current = slide?.offsetWidth ? Math.round(row.scrollLeft / slide.offsetWidth) : 0;
    row.scrollLeft = 0;
    attach(row);
  }, [attach, viewport, styled]);
  useEffect(() => {
    if (embla && startAt.current) embla.scrollTo(startAt.current, true);
  }, [embla]);
  const prev = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  if (!embla || count < 2) return null;
  return (
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
  );
}
