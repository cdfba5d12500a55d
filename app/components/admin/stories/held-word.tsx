import { useTranslation } from "react-i18next";

/** The watched word that made a story, an edit or a comment wait (decision 029). */
export function HeldWord({ word }: { word: string }) {
  const { t } = useTranslation("admin");
  return (
    <p className="mt-2 text-sm" data-testid="held-word">
      {t("heldComments.word")}{" "}
      <mark className="rounded bg-gold-soft px-1.5 py-0.5 font-semibold text-foreground">
        {word}
      </mark>
    </p>
  );
}
