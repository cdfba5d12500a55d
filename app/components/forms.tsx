import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AlertCircleIcon } from "~/components/icons";
import { SpinnerIcon } from "~/components/page-icons";
import { translateMessage } from "~/lib/split-message";

/** Field errors are translation keys (the zod schemas' messages); shown in the page's language. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-error space-y-0.5">
      {errors.map((e) => (
        <li key={e}>{translateMessage(t, e)}</li>
      ))}
    </ul>
  );
}

/**
 * What is wrong with the form as a whole (not one field): a box screen readers announce. `focus`
 * moves to it after a refusal when no field is to blame, so the person lands on the reason.
 */
export function FormErrors({
  id,
  errors,
  focus,
}: {
  id: string;
  errors?: string[] | null;
  focus?: boolean;
}) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: only after a refusal, on what must be fixed
      autoFocus={focus || undefined}
      className="flex gap-2 rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
      data-testid="form-error"
    >
      <AlertCircleIcon width={18} height={18} className="mt-0.5 shrink-0" />
      <ul className="space-y-0.5">
        {errors.map((e) => (
          <li key={e}>{translateMessage(t, e)}</li>
        ))}
      </ul>
    </div>
  );
}

interface FieldProps {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
  errors?: string[] | null;
  hint?: ReactNode;
}

export function Field({ label, inputProps, errors, hint }: FieldProps) {
  const errorId = errors?.length ? `${inputProps.id}-error` : undefined;
  const hintId = hint ? `${inputProps.id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={inputProps.id} className="label">
        {label}
      </label>
      <input
        className="input"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A submit button that shows a spinner while its form is on its way. */
export function StatusButton({
  pending,
  children,
  className = "btn-primary",
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean }) {
  return (
    <button type="submit" className={className} aria-disabled={pending || undefined} {...props}>
      {pending ? <SpinnerIcon width={16} height={16} /> : null}
      {children}
    </button>
  );
}
