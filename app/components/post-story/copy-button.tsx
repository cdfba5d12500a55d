import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckCircleIcon } from "~/components/icons";
import { CopyIcon } from "~/components/page-icons";

const CONFIRM_MS = 2000;

/**
 * Copies a value to the clipboard (spec 02 §2, step 3): "Copied" for 2 seconds, or the "Copy
 * failed" toast through `onFail`. Without JavaScript there is no button; the value stays
 * selectable text beside it.
 */
export function CopyButton({
  value,
  label,
  onFail,
}: {
  value: string;
  label: string;
  onFail: () => void;
}) {
  const { t } = useTranslation("post");
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="btn shrink-0 border border-border bg-card px-2.5 py-1.5 text-xs text-foreground hover:bg-muted"
      aria-label={t("payment.copy", { label })}
      onClick={() => {
        navigator.clipboard
          .writeText(value)
          .then(() => setCopied(true))
          .catch(onFail);
      }}
    >
      {copied ? (
        <CheckCircleIcon width={16} height={16} className="text-success" />
      ) : (
        <CopyIcon width={16} height={16} />
      )}
      <span aria-live="polite">{copied ? t("payment.copied") : t("payment.copyShort")}</span>
    </button>
  );
}
