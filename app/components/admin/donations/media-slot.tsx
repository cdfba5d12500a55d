import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms";
import { CloseIcon, ImageIcon, VideoIcon } from "~/components/icons";
import { UploadIcon } from "~/components/page-icons";
import { formatNumber } from "~/lib/format";
import { POOL_LIMITS } from "~/schemas/pool";

const IMAGE_TYPES = "image/png,image/jpeg,image/gif,image/webp";
const VIDEO_TYPES = "video/mp4,video/webm";

/**
 * One photo or the video of a new pool. A file stored by an earlier attempt of the form comes
 * back as `storedId` (a hidden field), is shown, and stays until removed, so nothing uploaded is
 * lost when another field needs correcting — with or without JavaScript. With JavaScript a new
 * choice is previewed and checked at once (type, size, a video's length); the server checks
 * again by content either way.
 */
export function MediaSlot({
  slot,
  kind,
  label,
  storedId,
  errors,
}: {
  slot: string;
  kind: "photo" | "video";
  label: string;
  storedId: string;
  errors?: string[];
}) {
  const { t } = useTranslation("admin");
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const inputId = `${slot}-file`;
  const shownErrors = clientError ? [clientError] : errors;
  const errorId = shownErrors?.length ? `${slot}-error` : undefined;
  const maxBytes = kind === "video" ? POOL_LIMITS.videoMaxBytes : POOL_LIMITS.photoMaxBytes;

  function reset(message: string | null) {
    setClientError(message);
    setPreview(null);
    if (inputRef.current && message) inputRef.current.value = "";
  }

  function take(file: File | undefined) {
    if (!file) return reset(null);
    const tooLarge = `admin:newPool.validation.${kind === "video" ? "videoTooLarge" : "photoTooLarge"}`;
    if (file.size > maxBytes) return reset(tooLarge);
    const url = URL.createObjectURL(file);
    setClientError(null);
    setPreview({ url, name: file.name });
    if (kind === "video") {
      // The browser knows the length once it has read the header; the server decides anyway.
      const probe = document.createElement("video");
      probe.preload = "metadata";
      probe.onloadedmetadata = () => {
        if (probe.duration > POOL_LIMITS.videoMaxSeconds + 0.5)
          reset("admin:newPool.validation.videoTooLong");
      };
      probe.onerror = () => reset("admin:newPool.validation.videoType");
      probe.src = url;
    }
  }

  const storedUrl = storedId ? `/media/${storedId}` : null;
  const Icon = kind === "video" ? VideoIcon : ImageIcon;

  return (
    <div className="min-w-0" data-testid={`slot-${slot}`}>
      <span className="label">{label}</span>
      <input type="hidden" name={`${slot}_id`} value={storedId} />
      {storedUrl && !preview ? (
        <div className="relative overflow-hidden rounded-xl border border-border bg-muted">
          {kind === "photo" ? (
            <img src={storedUrl} alt={label} className="aspect-[3/2] w-full object-cover" />
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: an uploaded clip has no captions to offer
            <video src={storedUrl} controls preload="metadata" className="aspect-video w-full" />
          )}
          <button
            type="submit"
            name="intent"
            value={`remove-${slot}`}
            formNoValidate
            className="btn absolute right-2 top-2 border border-border bg-card/95 px-2.5 py-1.5 text-foreground shadow-sm hover:bg-card"
          >
            <CloseIcon width={14} height={14} />
            {t("newPool.media.remove")}
          </button>
          <p className="px-3 py-1.5 text-xs text-muted-foreground">{t("newPool.media.kept")}</p>
        </div>
      ) : null}
      {preview && kind === "photo" ? (
        <img
          src={preview.url}
          alt={label}
          className="mb-2 aspect-[3/2] w-full rounded-xl border border-border object-cover"
        />
      ) : null}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        name={slot}
        accept={kind === "video" ? VIDEO_TYPES : IMAGE_TYPES}
        className="peer sr-only"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => take(event.currentTarget.files?.[0])}
      />
      <label
        htmlFor={inputId}
        className={`mt-2 flex cursor-pointer items-center gap-3 rounded-xl border-2 border-dashed px-3 py-3 text-sm transition-colors hover:border-primary/60 hover:bg-muted/50 peer-focus-visible:ring-2 peer-focus-visible:ring-ring ${
          errorId ? "border-destructive" : "border-border"
        }`}
      >
        <span className="grid h-9 w-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
          {preview ? <Icon width={18} height={18} /> : <UploadIcon width={18} height={18} />}
        </span>
        <span className="min-w-0">
          <span className="block truncate font-medium">
            {preview
              ? preview.name
              : storedUrl
                ? t("newPool.media.replace")
                : t(kind === "video" ? "newPool.media.chooseVideo" : "newPool.media.choosePhoto")}
          </span>
          <span className="block text-xs text-muted-foreground">
            {t(kind === "video" ? "newPool.media.videoHint" : "newPool.media.photoHint", {
              mb: formatNumber(maxBytes / 1024 / 1024),
            })}
          </span>
        </span>
      </label>
      <ErrorList id={errorId} errors={shownErrors} />
    </div>
  );
}
