import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ImageIcon } from "~/components/icons";
import { useLightMode } from "~/components/light-switch";
import { useHydrated } from "~/components/use-hydrated";

/**
 * A story's or campaign's picture, or in light mode (decision 065) a control that shows its
 * small size (the 640 px thumbnail every upload has) when the reader asks: with JavaScript a
 * button that puts it in place, without it a link to the picture itself. Nothing is fetched
 * before that.
 */
export function ImageOnDemand({
  thumbnail,
  alt,
  label,
  className,
  boxClassName = "p-4 text-sm",
  children,
}: {
  /** The small size, shown on demand. */
  thumbnail: string;
  alt: string;
  /** What the picture is of, for the control's name when `alt` is empty (a card's title). */
  label?: string;
  /** The class of the picture once shown. */
  className?: string;
  /** The control's padding, text size and any size of its own in the layout. */
  boxClassName?: string;
  /** The picture as the full page shows it. */
  children: ReactNode;
}) {
  const { t } = useTranslation("common");
  const light = useLightMode();
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const picture = useRef<HTMLImageElement>(null);
  // The button that had the focus is gone once the picture is in place: the picture takes it.
  useEffect(() => {
    if (shown) picture.current?.focus();
  }, [shown]);
  if (!light) return <>{children}</>;
  if (shown) {
    return <img ref={picture} src={thumbnail} alt={alt} tabIndex={-1} className={className} />;
  }
  const what = alt || label;
  const name = what ? t("light.showImageOf", { name: what }) : undefined;
  const look = `flex h-full w-full flex-col items-center justify-center gap-1 font-medium text-muted-foreground hover:text-foreground ${boxClassName}`;
  const content = (
    <>
      <ImageIcon width={22} height={22} />
      <span>{t("light.showImage")}</span>
    </>
  );
  return hydrated ? (
    <button
      type="button"
      className={look}
      aria-label={name}
      data-testid="show-image"
      onClick={() => setShown(true)}
    >
      {content}
    </button>
  ) : (
    <a href={thumbnail} className={look} aria-label={name} data-testid="show-image">
      {content}
    </a>
  );
}
