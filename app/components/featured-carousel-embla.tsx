import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useEffect } from "react";
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
  viewport: HTMLElement;
  count: number;
  styled: boolean;
  onLoaded: (loaded: true) => void;
}) {
  const { t } = useTranslation("stories");
  const [attach, embla] = useEmblaCarousel({ loop: true, dragFree: true, align: "start" });
  useEffect(() => onLoaded(true), [onLoaded]);
  useEffect(() => {
    if (styled) attach(viewport);
  }, [attach, viewport, styled]);
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
