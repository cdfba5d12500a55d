import { useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { SpinnerIcon } from "~/components/page-icons";

/**
 * A submit button that shows a spinner while its own form is on its way: it is "its own" when the
 * navigation's form data carries the same `intent` (and `id`, when given as `pendingId`).
 */
export function PendingButton({
  intent,
  pendingId,
  children,
  className = "btn-primary",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  intent: string;
  /** The `id` field of this button's form, when several forms share the intent. */
  pendingId?: string | number;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const data = navigation.formData;
  const pending =
    data?.get("intent") === intent &&
    (pendingId === undefined || data.get("id") === String(pendingId));
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={className}
      aria-disabled={pending || undefined}
      {...rest}
    >
      {pending ? <SpinnerIcon width={16} height={16} /> : null}
      {children}
    </button>
  );
}
