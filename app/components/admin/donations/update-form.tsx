import type { FetcherWithComponents } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, FormErrors, StatusButton } from "~/components/forms";
import type { FormReply } from "~/lib/form-reply";

const IMAGE_TYPES = "image/png,image/jpeg,image/gif,image/webp";

export type UpdateIntent = "post" | "close";

/**
 * The form of a campaign update, and of the final report (the same fields: text in both
 * languages, an optional amount spent with what on, photos and receipt pictures). A plain
 * multipart form without JavaScript; with it, posted by a fetcher so the page stays put. A
 * refusal shows each field's message and keeps what was typed.
 */
export function UpdateForm({
  intent,
  fetcher,
  reply,
}: {
  intent: UpdateIntent;
  fetcher: FetcherWithComponents<FormReply<string>>;
  /** The action's answer to this form, when it was refused. */
  reply: FormReply<string> | null;
}) {
  const { t } = useTranslation("admin");
  const errors = reply?.result.error ?? {};
  const typed = (reply?.result.initialValue ?? {}) as Record<string, string | undefined>;
  const pending = fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;
  const id = (name: string) => `${intent}-${name}`;
  const aria = (name: string, hint?: boolean) => ({
    "aria-invalid": errors[name]?.length ? true : undefined,
    "aria-describedby":
      [errors[name]?.length ? `${id(name)}-error` : "", hint ? `${id(name)}-hint` : ""]
        .filter(Boolean)
        .join(" ") || undefined,
  });
  const text = (name: string, label: string, rows: number, hint?: string) => (
    <div>
      <label htmlFor={id(name)} className="label">
        {label}
      </label>
      <textarea
        id={id(name)}
        name={name}
        rows={rows}
        defaultValue={typed[name] ?? ""}
        className="input leading-relaxed"
        {...aria(name, Boolean(hint))}
      />
      {hint ? (
        <p id={`${id(name)}-hint`} className="mt-1.5 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={`${id(name)}-error`} errors={errors[name]} />
    </div>
  );
  const line = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={id(name)} className="label">
        {label}
      </label>
      <input
        id={id(name)}
        name={name}
        defaultValue={typed[name] ?? ""}
        className="input"
        {...aria(name)}
        {...props}
      />
      <ErrorList id={`${id(name)}-error`} errors={errors[name]} />
    </div>
  );
  const files = (name: "photos" | "receipts") => (
    <div>
      <label htmlFor={id(name)} className="label">
        {t(`poolUpdates.fields.${name}`)}
      </label>
      <input
        id={id(name)}
        name={name}
        type="file"
        multiple
        accept={IMAGE_TYPES}
        className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground"
        {...aria(name)}
      />
      <ErrorList id={`${id(name)}-error`} errors={errors[name]} />
    </div>
  );

  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      className="space-y-4"
      data-testid={`update-form-${intent}`}
      preventScrollReset
    >
      <FormErrors id={id("form-error")} errors={errors[""]} focus />
      {text(
        "body_mn",
        t("poolUpdates.fields.bodyMn"),
        5,
        intent === "close" ? t("poolUpdates.close.hint") : undefined,
      )}
      {text("body_en", t("poolUpdates.fields.bodyEn"), 3)}
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        {line("spent_amount", t("poolUpdates.fields.spentAmount"), {
          inputMode: "numeric",
          autoComplete: "off",
        })}
        <div className="space-y-4">
          {line("spent_on_mn", t("poolUpdates.fields.spentOnMn"), { maxLength: 200 })}
          {line("spent_on_en", t("poolUpdates.fields.spentOnEn"), { maxLength: 200 })}
        </div>
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">{t("poolUpdates.fields.spentHint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {files("photos")}
        {files("receipts")}
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">{t("poolUpdates.fields.filesHint")}</p>
      <StatusButton
        pending={pending}
        name="intent"
        value={intent}
        className={intent === "close" ? "btn-outline" : "btn-primary"}
      >
        {t(intent === "close" ? "poolUpdates.close.button" : "poolUpdates.post")}
      </StatusButton>
    </fetcher.Form>
  );
}
