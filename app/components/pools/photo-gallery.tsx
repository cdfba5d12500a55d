import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ImageIcon } from "~/components/icons";
import { ImageOnDemand } from "~/components/image-on-demand";
import { useLightMode } from "~/components/light-switch";
import { Lightbox } from "~/components/pools/lightbox";
import { useHydrated } from "~/components/use-hydrated";

export interface GalleryPhoto {
  url: string;
  thumbnail_url: string;
  width: number;
  height: number;
}

/** Grid placement by photo count: one large photo, the others beside it (below on phones). */
const LAYOUT: Record<number, { list: string; items: string[] }> = {
  1: { list: "", items: ["aspect-[3/2]"] },
  2: {
    list: "grid grid-cols-1 gap-2 sm:aspect-[2/1] sm:grid-cols-3",
    items: ["aspect-[3/2] sm:col-span-2 sm:aspect-auto", "aspect-[2/1] sm:aspect-auto"],
  },
  3: {
    list: "grid grid-cols-2 gap-2 sm:aspect-[2/1] sm:grid-cols-3 sm:grid-rows-2",
    items: [
      "col-span-2 aspect-[3/2] sm:row-span-2 sm:aspect-auto",
      "aspect-[4/3] sm:aspect-auto",
      "aspect-[4/3] sm:aspect-auto",
    ],
  },
};

/**
 * The pool's photos. Each is a link to the full image, which is all a browser without
 * JavaScript needs; with it, a click opens the lightbox instead.
 */
export function PhotoGallery({ photos, name }: { photos: GalleryPhoto[]; name: string }) {
  const { t } = useTranslation("pools");
  const [index, setIndex] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const hydrated = useHydrated();
  const light = useLightMode();
  const close = useCallback(() => setIndex(null), []);
  const count = photos.length;
  const layout = LAYOUT[Math.min(count, 3)] ?? LAYOUT[3]!;
  const alt = useCallback((i: number) => t("gallery.alt", { index: i + 1, name }), [t, name]);
  const full = useMemo(
    () => photos.map((p, i) => ({ url: p.url, width: p.width, height: p.height, alt: alt(i) })),
    [photos, alt],
  );
  if (count === 0) return null;
  // Light mode (decision 065): every photo as a control that shows its small size; no lightbox.
  if (light) {
    return (
      <ul
        className="grid grid-cols-2 gap-2 sm:grid-cols-3"
        aria-label={t("gallery.title")}
        data-testid="photo-gallery"
      >
        {photos.map((photo, i) => (
          <li key={photo.url} className="overflow-hidden rounded-xl bg-muted">
            <ImageOnDemand
              thumbnail={photo.thumbnail_url}
              alt={alt(i)}
              className="h-auto w-full"
              boxClassName="aspect-[4/3] p-4 text-sm"
            >
              {null}
            </ImageOnDemand>
          </li>
        ))}
      </ul>
    );
  }

  return (
    // Until hydration a click follows the link to the full image; `data-lightbox` says when the
    // lightbox has taken over.
    <div data-testid="photo-gallery" data-lightbox={hydrated ? "on" : undefined}>
      <ul className={layout.list} aria-label={t("gallery.title")}>
        {photos.slice(0, 3).map((photo, i) => (
          <li key={photo.url} className={`relative ${layout.items[i] ?? ""}`}>
            <a
              href={photo.url}
              className="group block h-full w-full overflow-hidden rounded-xl bg-muted sm:rounded-2xl"
              aria-label={t("gallery.open", { index: i + 1, count })}
              data-testid="gallery-photo"
              onClick={(event) => {
                // A new tab or window (modifier keys, middle click) still gets the plain link.
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                opener.current = event.currentTarget;
                setIndex(i);
              }}
            >
              <img
                // The large first photo is the page's main image; the others use thumbnails.
                src={i === 0 ? photo.url : photo.thumbnail_url}
                width={photo.width}
                height={photo.height}
                alt={alt(i)}
                loading={i === 0 ? "eager" : "lazy"}
                decoding="async"
                className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
              />
            </a>
            {i === 0 && count > 1 ? (
              <span
                aria-hidden="true"
                className="pointer-events-none absolute bottom-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-black/65 px-2.5 py-1 text-xs font-semibold text-white"
              >
                <ImageIcon width={14} height={14} />
                {t("gallery.count", { count })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <Lightbox
        photos={full}
        index={index}
        label={t("lightbox.label", { name })}
        opener={opener}
        onIndexChange={setIndex}
        onClose={close}
      />
    </div>
  );
}
