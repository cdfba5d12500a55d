import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckCircleIcon } from "~/components/icons";
import { CopyIcon } from "~/components/page-icons";
import { useHydrated } from "~/components/use-hydrated";

const COPIED_MS = 2000;

/**
 * Copies a value (an account number, an amount, a payment code) to the clipboard: "Copied" for
 * 2 seconds (spec 02 §8), or `onFail` (the "Copy failed" toast) when the browser refuses.
 * Copying needs JavaScript and a clipboard; without them there is no button and the value stays
 * plain text to select. `inline`: the small text button beside a value in a card's list.
 */
export function CopyButton({
  value,
  label,
  onFail,
  inline = false,
}: {
  value: string;
  /** What is copied, for the button's accessible name ("Copy {{label}}"). */
  label: string;
  onFail?: () => void;
  inline?: boolean;
}) {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!hydrated || !navigator.clipboard) return null;
  return (
    <button
      type="button"
      className={
        inline
          ? "ml-auto inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-primary hover:bg-secondary"
          : "btn shrink-0 border border-border bg-card px-2.5 py-1.5 text-xs text-foreground hover:bg-muted"
      }
      aria-label={copied ? t("copyButton.copied") : t("copyButton.copyLabel", { label })}
      onClick={() => {
        navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => onFail?.(),
        );
      }}
    >
      {copied ? (
        <CheckCircleIcon
          width={inline ? 14 : 16}
          height={inline ? 14 : 16}
          className="text-success"
        />
      ) : (
        <CopyIcon width={inline ? 14 : 16} height={inline ? 14 : 16} />
      )}
      <span aria-hidden="true">{copied ? t("copyButton.copied") : t("copyButton.copy")}</span>
    </button>
  );
}
