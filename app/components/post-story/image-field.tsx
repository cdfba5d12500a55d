import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms";
import { CloseIcon } from "~/components/icons";
import { UploadIcon } from "~/components/page-icons";
import { Toaster } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import { LIMITS } from "~/constants";
import { imageSignature, SIGNATURE_BYTES } from "~/lib/image-signature";
import type { ToastMessage } from "~/lib/toast";

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/**
 * The optional story image: drag and drop or browse, a preview, and remove (spec 02 §2). Without
 * JavaScript it is a plain file input; the server checks the file either way. An image already
 * stored by an earlier step comes back as `imageId` and is kept until removed. With JavaScript
 * the browser's own button ("Choose File", in the browser's language, not the page's) is hidden
 * and the drop zone, in the page's words, is the control.
 */
export function ImageField({ imageId, errors }: { imageId: string; errors?: string[] }) {
  const { t } = useTranslation("post");
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const hydrated = useHydrated();
  const [dragging, setDragging] = useState(false);
  const [toast, setToast] = useState<ToastMessage | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  function refuse(title: string) {
    setToast({ type: "error", title });
    if (inputRef.current) inputRef.current.value = "";
  }

  async function take(file: File | undefined) {
    const input = inputRef.current;
    if (!file || !input) return;
    // The same checks as the server, earlier: spec 02 §8 "File too large" / "only images". The
    // type the browser gives comes from the file's name, so the first bytes are read as well.
    if (!IMAGE_TYPES.includes(file.type)) return refuse("post:validation.onlyImages");
    if (file.size > LIMITS.imageMaxBytes) return refuse("post:validation.fileTooLarge");
    const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
    if (!imageSignature(head)) return refuse("post:validation.onlyImages");
    if (input.files?.[0] !== file) {
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
    }
    setPreview(URL.createObjectURL(file));
    setFileName(file.name);
  }

  const shown = preview ?? (imageId ? `/media/${imageId}` : null);
  const errorId = errors?.length ? "image-error" : undefined;

  const removeClass =
    "btn absolute right-3 top-3 border border-border bg-card/95 px-3 py-1.5 text-foreground shadow-sm backdrop-blur hover:bg-card";

  return (
    <div>
      <span className="label" id="image-label">
        {t("fields.image")}{" "}
        <span className="font-normal text-muted-foreground">({t("fields.optional")})</span>
      </span>
      {shown ? (
        <div className="relative mb-3 overflow-hidden rounded-xl border border-border bg-muted">
          <img
            src={shown}
            alt={t("fields.imagePreview")}
            // A file that starts like a picture but does not decode: the same message, no broken box.
            onError={
              preview
                ? () => {
                    setPreview(null);
                    setFileName(null);
                    refuse("post:validation.onlyImages");
                  }
                : undefined
            }
            className="mx-auto max-h-72 w-auto max-w-full object-contain sm:max-h-80"
          />
          {preview ? (
            <button
              type="button"
              className={removeClass}
              onClick={() => {
                setPreview(null);
                setFileName(null);
                if (inputRef.current) inputRef.current.value = "";
              }}
            >
              <CloseIcon width={16} height={16} />
              {t("fields.imageRemove")}
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="remove-image"
              formNoValidate
              className={removeClass}
            >
              <CloseIcon width={16} height={16} />
              {t("fields.imageRemove")}
            </button>
          )}
        </div>
      ) : null}
      {/* Once there is a picture the drop zone shrinks to a one-line "replace" bar. */}
      <label
        htmlFor="image"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          void take(e.dataTransfer.files[0]);
        }}
        className={`flex cursor-pointer rounded-xl border-2 border-dashed transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring ${
          dragging
            ? "border-primary bg-secondary"
            : "border-input hover:border-primary/60 hover:bg-muted/50"
        } ${
          shown
            ? "flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center"
            : "flex-col items-center justify-center gap-2 px-4 py-8 text-center"
        }`}
      >
        <span
          className={`flex gap-3 ${shown ? "min-w-0 flex-1 items-center" : "flex-col items-center gap-2"}`}
        >
          <span
            aria-hidden="true"
            className={`grid shrink-0 place-items-center rounded-full bg-secondary text-secondary-foreground ${
              shown ? "h-9 w-9" : "h-12 w-12"
            }`}
          >
            <UploadIcon width={shown ? 18 : 22} height={shown ? 18 : 22} />
          </span>
          <span className="min-w-0">
            <span className="block text-sm font-medium">
              {shown ? t("fields.imageReplace") : t("fields.imageDrop")}
            </span>
            {fileName ? (
              <span className="mt-0.5 block truncate text-xs font-medium" data-testid="image-name">
                {fileName}
              </span>
            ) : null}
            <span className="mt-0.5 block text-xs text-muted-foreground">
              {t("fields.imageHint")}
            </span>
          </span>
        </span>
        <input
          ref={inputRef}
          id="image"
          name="image"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          aria-labelledby="image-label"
          aria-describedby={errorId}
          aria-invalid={errorId ? true : undefined}
          className={
            hydrated
              ? "sr-only"
              : `block w-full min-w-0 text-sm text-muted-foreground file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-semibold file:text-secondary-foreground hover:file:bg-secondary/80 ${
                  shown ? "sm:w-auto sm:max-w-[16rem]" : "mt-2 max-w-xs"
                }`
          }
          onChange={(e) => void take(e.currentTarget.files?.[0])}
        />
      </label>
      <ErrorList id={errorId} errors={errors} />
      <Toaster toast={toast} />
    </div>
  );
}
