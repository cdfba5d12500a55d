import { useEffect, useState } from "react";
import { CheckIcon, CopyIcon } from "~/components/page-icons";
import { useHydrated } from "~/components/use-hydrated";

const COPIED_MS = 2000;

/**
 * A small "Copy" beside an account number: "Copied" for 2 seconds (spec 02 §8). Copying needs
 * JavaScript and a clipboard; without them there is no button and the number stays plain text
 * to select.
 */
export function InlineCopyButton({
  value,
  text,
}: {
  value: string;
  text: { copy: string; copied: string; label: string };
}) {
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
      onClick={() =>
        navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
      className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-primary hover:bg-secondary"
      aria-label={copied ? text.copied : text.label}
    >
      {copied ? <CheckIcon width={14} height={14} /> : <CopyIcon width={14} height={14} />}
      <span aria-hidden="true">{copied ? text.copied : text.copy}</span>
    </button>
  );
}
