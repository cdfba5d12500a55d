import { useTranslation } from "react-i18next";
import { AlertCircleIcon } from "~/components/icons";

/** The inline error box of a list that could not load: "Error: …" (spec 02 §8). */
export function SectionError({ message }: { message?: string }) {
  const { t } = useTranslation("stories");
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-4 text-sm text-destructive"
    >
      <AlertCircleIcon width={18} height={18} className="mt-0.5 shrink-0" />
      <p>
        <span className="font-semibold">{t("error")}: </span>
        {message ?? t("unknownError")}
      </p>
    </div>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-border bg-card/50 px-6 py-12 text-center text-muted-foreground">
      {children}
    </div>
  );
}
