import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SpinnerIcon } from "~/components/page-icons";
import { translateMessage } from "~/schemas/zod";

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
