import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, StatusButton } from "~/components/forms";
import { CheckCircleIcon, MailIcon } from "~/components/icons";
import { type MailGroup, mailGroupsFor } from "~/constants";
import type { FormReply } from "~/lib/form-reply";

/**
 * The account's e-mail address on /profile (issue 17): set, change or clear it; a new one waits
 * for its confirmation link. A plain form: it works without JavaScript.
 */
export function AccountEmailForm({
  email,
  confirmed,
  wanted,
  admin,
}: {
  email: string | null;
  confirmed: boolean;
  wanted: Record<MailGroup, boolean>;
  /** The digest and the warnings are for administrators only. */
  admin: boolean;
}) {
  const { t } = useTranslation();
  const reply = useActionData<FormReply>();
  const navigation = useNavigation();
  const errors = reply?.result.error?.email ?? undefined;
  const typed = reply?.result.initialValue?.email;
  return (
    <section className="card mt-10 p-5 sm:p-6" aria-labelledby="account-email-title">
      <h2 id="account-email-title" className="flex items-center gap-2 text-lg font-semibold">
        <MailIcon width={20} height={20} className="text-primary" />
        {t("account.email.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("account.email.text")}</p>
      <Form method="post" noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="email" />
        <div className="min-w-0 flex-1">
          <label htmlFor="account-email" className="label">
            {t("account.email.label")}
          </label>
          <input
            id="account-email"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={typeof typed === "string" ? typed : (email ?? "")}
            className="input"
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? "account-email-error" : "account-email-state"}
          />
        </div>
        <StatusButton
          pending={navigation.formData?.get("intent") === "email"}
          className="btn-outline sm:mb-0.5"
        >
          {t("account.email.save")}
        </StatusButton>
      </Form>
      <ErrorList id="account-email-error" errors={errors} />
      <p
        id="account-email-state"
        className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground"
        data-testid="account-email-state"
      >
        {email && confirmed ? (
          <CheckCircleIcon width={16} height={16} className="text-success" />
        ) : null}
        {email
          ? confirmed
            ? t("account.email.confirmed")
            : t("account.email.waiting", { email })
          : t("account.email.none")}
      </p>
      {email ? (
        <Form method="post" className="mt-5 border-t border-border pt-4">
          <input type="hidden" name="intent" value="mail-preferences" />
          <fieldset>
            <legend className="text-sm font-semibold">{t("account.email.prefsTitle")}</legend>
            <div className="mt-2 space-y-2">
              {mailGroupsFor(admin).map((group) => (
                <label key={group} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={group}
                    defaultChecked={wanted[group]}
                    className="mt-0.5 h-4 w-4 accent-primary"
                  />
                  <span>{t(`account.email.groups.${group}`)}</span>
                </label>
              ))}
            </div>
            <p className="mt-2 text-xs text-muted-foreground">{t("account.email.prefsNote")}</p>
          </fieldset>
          <StatusButton
            pending={navigation.formData?.get("intent") === "mail-preferences"}
            className="btn-outline mt-3"
          >
            {t("account.email.savePrefs")}
          </StatusButton>
        </Form>
      ) : null}
    </section>
  );
}
