import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from "~/components/icons";

export interface LightboxPhoto {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** A horizontal move longer than this (px), and mostly sideways, is a swipe. */
const SWIPE_MIN = 40;

const FOCUSABLE = "button:not([disabled]), [href], [tabindex]:not([tabindex='-1'])";

/**
 * Full-size photos in a modal: a native <dialog> opened with showModal(), so the page behind is
 * inert and Escape closes it without extra code. Arrow keys and swipes move between photos, Tab
 * stays inside, and focus goes back to the thumbnail that opened it.
 */
export function Lightbox({
  photos,
  index,
  label,
  opener,
  onIndexChange,
  onClose,
}: {
  photos: LightboxPhoto[];
  /** The photo shown, or null when closed. */
  index: number | null;
  label: string;
  opener: React.RefObject<HTMLElement | null>;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("pools");
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const open = index !== null;
  const count = photos.length;

  const move = useCallback(
    (step: number) => {
      if (index === null || count < 2) return;
      onIndexChange((index + step + count) % count);
    },
    [index, count, onIndexChange],
  );

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      document.documentElement.style.overflow = "hidden";
      closeButton.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  // The dialog closes itself on Escape; either way, tell the owner and hand focus back.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const closed = () => {
      document.documentElement.style.overflow = "";
      onClose();
      opener.current?.focus();
    };
    element.addEventListener("close", closed);
    return () => element.removeEventListener("close", closed);
  }, [onClose, opener]);

  // The next photo is likely to be asked for: start loading it.
  useEffect(() => {
    if (index === null || count < 2) return;
    const next = photos[(index + 1) % count];
    if (next) new Image().src = next.url;
  }, [index, count, photos]);

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      move(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      move(-1);
    } else if (event.key === "Tab") {
      const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  function onPointerDown(event: React.PointerEvent) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    swipe.current = { x: event.clientX, y: event.clientY };
    swiped.current = false;
  }

  function onPointerUp(event: React.PointerEvent) {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > Math.abs(dy) * 1.2) {
      swiped.current = true;
      move(dx < 0 ? 1 : -1);
    }
  }

  /** A click on the dark area around the photo closes, unless it ended a swipe. */
  function onBackdropClick(event: React.MouseEvent) {
    if (swiped.current) {
      swiped.current = false;
      return;
    }
    if (event.target === event.currentTarget) dialog.current?.close();
  }

  const photo = index === null ? null : photos[index];
  return (
    <dialog
      ref={dialog}
      aria-label={label}
      onKeyDown={onKeyDown}
      className="m-0 h-full max-h-none w-full max-w-none border-0 bg-black/95 p-0 text-white backdrop:bg-black/80"
      data-testid="lightbox"
    >
      {photo ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-4 px-3 py-3 sm:px-5">
            <p className="text-sm font-medium tabular-nums text-white/85" aria-live="polite">
              {t("lightbox.position", { index: (index ?? 0) + 1, count })}
            </p>
            <button
              ref={closeButton}
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-full bg-white/10 p-2.5 text-white hover:bg-white/20 focus-visible:ring-white"
              aria-label={t("lightbox.close")}
            >
              <CloseIcon width={22} height={22} />
            </button>
          </div>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the dark area closes on click and swipes by pointer; the keyboard has Escape, the arrows and the buttons */}
          <div
            className="relative flex min-h-0 flex-1 select-none items-center justify-center px-2 pb-6 sm:px-20"
            style={{ touchAction: "pan-y pinch-zoom" }}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              swipe.current = null;
            }}
            onClick={onBackdropClick}
          >
            <img
              key={photo.url}
              src={photo.url}
              width={photo.width}
              height={photo.height}
              alt={photo.alt}
              draggable={false}
              className="h-auto max-h-[calc(100dvh-6.5rem)] w-auto max-w-full rounded-lg object-contain shadow-2xl"
            />
            {count > 1 ? (
              <>
                <NavButton side="left" label={t("lightbox.previous")} onClick={() => move(-1)}>
                  <ChevronLeftIcon width={26} height={26} />
                </NavButton>
                <NavButton side="right" label={t("lightbox.next")} onClick={() => move(1)}>
                  <ChevronRightIcon width={26} height={26} />
                </NavButton>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

function NavButton({
  side,
  label,
  onClick,
  children,
}: {
  side: "left" | "right";
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`absolute top-1/2 -translate-y-1/2 rounded-full bg-black/55 p-2.5 text-white ring-1 ring-white/20 hover:bg-black/75 focus-visible:ring-white sm:p-3 ${
        side === "left" ? "left-2 sm:left-5" : "right-2 sm:right-5"
      }`}
    >
      {children}
    </button>
  );
}
