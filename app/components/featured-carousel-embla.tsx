import useEmblaCarousel from "embla-carousel-react";
import { type ReactNode, useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/icons";

/** The featured row as an embla carousel; FeaturedCarousel loads this module on demand. */
export default function EmblaViewport({ count, children }: { count: number; children: ReactNode }) {
  const { t } = useTranslation("stories");
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, dragFree: true, align: "start" });
  const prev = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  return (
    <>
      <div ref={viewportRef} className="overflow-hidden">
        {children}
      </div>
      {embla && count > 1 ? (
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
    </>
  );
}
