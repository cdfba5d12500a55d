import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ImageOnDemand } from "~/components/image-on-demand";
import { useLightMode } from "~/components/light-switch";
import { Lightbox } from "~/components/pools/lightbox";
import { useHydrated } from "~/components/use-hydrated";
import type { UpdatePicture } from "~/models/pool-updates.server";

/**
 * The photos and receipt pictures of a campaign update: small thumbnails, each a link to the full
 * picture (all a browser without JavaScript needs); with it, a click opens the pool page's
 * lightbox on that update's pictures, photos first, then receipts.
 */
export function UpdatePictures({
  photos,
  receipts,
}: {
  photos: UpdatePicture[];
  receipts: UpdatePicture[];
}) {
  const { t } = useTranslation("pools");
  const [index, setIndex] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const hydrated = useHydrated();
  const light = useLightMode();
  const close = useCallback(() => setIndex(null), []);
  const all = useMemo(
    () => [
      ...photos.map((p, i) => ({ ...p, alt: t("updates.photoAlt", { index: i + 1 }) })),
      ...receipts.map((p, i) => ({ ...p, alt: t("updates.receiptAlt", { index: i + 1 }) })),
    ],
    [photos, receipts, t],
  );
  if (all.length === 0) return null;

  const thumbnails = (from: number, list: UpdatePicture[], testId: string) => (
    <ul className="flex flex-wrap gap-2">
      {list.map((picture, i) => {
        const at = from + i;
        // Light mode (decision 065): the small size on demand, no lightbox.
        if (light) {
          return (
            <li
              key={`${picture.url}-${i}`}
              className="w-24 overflow-hidden rounded-lg bg-muted sm:w-28"
              data-testid={testId}
            >
              <ImageOnDemand
                thumbnail={picture.thumbnail_url}
                alt={all[at]!.alt}
                className="h-auto w-full"
                boxClassName="aspect-square p-1 text-xs"
              >
                {null}
              </ImageOnDemand>
            </li>
          );
        }
        return (
          <li key={`${picture.url}-${i}`}>
            <a
              href={picture.url}
              className="block h-20 w-20 overflow-hidden rounded-lg bg-muted sm:h-24 sm:w-24"
              aria-label={t("updates.open", { index: at + 1, count: all.length })}
              data-testid={testId}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                opener.current = event.currentTarget;
                setIndex(at);
              }}
            >
              <img
                src={picture.thumbnail_url}
                alt={all[at]!.alt}
                width={picture.width}
                height={picture.height}
                loading="lazy"
                decoding="async"
                className="h-full w-full object-cover"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );

  return (
    <div className="mt-3 space-y-3" data-lightbox={hydrated ? "on" : undefined}>
      {photos.length ? thumbnails(0, photos, "update-photo") : null}
      {receipts.length ? (
        <div>
          <p className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {t("updates.receipts")}
          </p>
          {thumbnails(photos.length, receipts, "update-receipt")}
        </div>
      ) : null}
      <Lightbox
        photos={all}
        index={index}
        label={t("updates.lightbox")}
        opener={opener}
        onIndexChange={setIndex}
        onClose={close}
      />
    </div>
  );
}
