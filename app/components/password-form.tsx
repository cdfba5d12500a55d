import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, StatusButton } from "~/components/forms";
import type { FormReply } from "~/lib/form-reply";

/** Changing the password on /profile (issue 18): the current one first; other sessions end. */
export function PasswordForm() {
  const { t } = useTranslation();
  const reply = useActionData<FormReply>();
  const navigation = useNavigation();
  const errors = reply?.intent === "password" ? (reply.result.error ?? {}) : {};
  const field = (
    name: "currentPassword" | "password" | "confirmPassword",
    label: string,
    autoComplete: string,
  ) => {
    const messages = errors[name] ?? undefined;
    const id = `password-${name}`;
    return (
      <div>
        <label htmlFor={id} className="label">
          {label}
        </label>
        <input
          id={id}
          name={name}
          type="password"
          autoComplete={autoComplete}
          className="input"
          required
          aria-invalid={messages ? true : undefined}
          aria-describedby={messages ? `${id}-error` : undefined}
        />
        <ErrorList id={`${id}-error`} errors={messages} />
      </div>
    );
  };
  return (
    <section className="card mt-6 p-5 sm:p-6" aria-labelledby="password-title">
      <h2 id="password-title" className="text-lg font-semibold">
        {t("password.change.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("password.change.note")}</p>
      <Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-3">
        <input type="hidden" name="intent" value="password" />
        {field("currentPassword", t("password.change.current"), "current-password")}
        {field("password", t("password.change.new"), "new-password")}
        {field("confirmPassword", t("password.change.confirm"), "new-password")}
        <div className="sm:col-span-3">
          <StatusButton
            pending={navigation.formData?.get("intent") === "password"}
            className="btn-outline"
          >
            {t("password.change.submit")}
          </StatusButton>
        </div>
      </Form>
    </section>
  );
}
