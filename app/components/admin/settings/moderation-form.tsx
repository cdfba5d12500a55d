import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";

/** The moderation switch (DESIGN §4): free stories published at once, or reviewed first. */
export function ModerationForm({ reviewFreeStories }: { reviewFreeStories: boolean }) {
  const { t } = useTranslation("admin");
  const options = [
    { value: "auto", checked: !reviewFreeStories },
    { value: "review", checked: reviewFreeStories },
  ] as const;
  return (
    <Form
      method="post"
      key={String(reviewFreeStories)}
      className="card space-y-4 p-4 sm:p-6"
      aria-labelledby="moderation-title"
      preventScrollReset
    >
      <h3 id="moderation-title" className="text-lg font-semibold">
        {t("settings.moderation.title")}
      </h3>
      <fieldset>
        <legend className="label">{t("settings.moderation.legend")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {options.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-border p-4 transition-colors hover:bg-muted/50 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                name="freeStories"
                value={option.value}
                defaultChecked={option.checked}
                className="mt-1 h-4 w-4 accent-primary"
              />
              <span>
                <span className="block font-medium">
                  {t(`settings.moderation.${option.value}`)}
                </span>
                <span className="mt-0.5 block text-sm text-muted-foreground">
                  {t(`settings.moderation.${option.value}Hint`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end">
        <PendingButton intent="moderation" className="btn-outline">
          {t("settings.moderation.save")}
        </PendingButton>
      </div>
    </Form>
  );
}
