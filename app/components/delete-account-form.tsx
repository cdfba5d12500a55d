import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, FormErrors, StatusButton } from "~/components/forms";
import type { FormReply } from "~/lib/form-reply";

/**
 * Leaving the site, at the bottom of /profile (issue 18 item 5): the person types their username
 * and their current password (issue 38) and chooses what happens to their published stories. A
 * plain form: it works without JavaScript, and a refusal comes back with what was typed (the
 * password aside).
 */
export function DeleteAccountForm({ username }: { username: string }) {
  const { t } = useTranslation();
  const reply = useActionData<FormReply>();
  const navigation = useNavigation();
  const mine = reply?.intent === "delete-account" ? reply.result : null;
  const errors = mine?.error ?? {};
  const typed = (mine?.initialValue ?? {}) as { username?: string; keep_stories?: string };
  const usernameErrors = errors.username ?? undefined;
  const choiceErrors = errors.keep_stories ?? undefined;
  const passwordErrors = errors.currentPassword ?? undefined;
  return (
    <section
      className="card mt-6 border-destructive/40 p-5 sm:p-6"
      aria-labelledby="leave-title"
      data-testid="delete-account"
    >
      <h2 id="leave-title" className="text-lg font-semibold text-destructive">
        {t("leave.account.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("leave.account.text")}</p>
      <Form method="post" noValidate className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value="delete-account" />
        <FormErrors id="leave-errors" errors={errors[""]} />
        <fieldset
          aria-describedby={choiceErrors ? "leave-choice-error" : undefined}
          aria-invalid={choiceErrors ? true : undefined}
        >
          <legend className="label">{t("leave.account.storiesLegend")}</legend>
          <div className="mt-1 grid gap-2">
            {(["remove", "keep"] as const).map((choice) => (
              <label key={choice} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="keep_stories"
                  value={choice}
                  defaultChecked={typed.keep_stories === choice}
                  className="mt-1"
                />
                <span>{t(`leave.account.${choice}`)}</span>
              </label>
            ))}
          </div>
          <ErrorList id="leave-choice-error" errors={choiceErrors} />
        </fieldset>
        <div>
          <label htmlFor="leave-username" className="label">
            {t("leave.account.usernameLabel", { username })}
          </label>
          <input
            id="leave-username"
            name="username"
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="input"
            defaultValue={typed.username ?? ""}
            aria-invalid={usernameErrors ? true : undefined}
            aria-describedby={usernameErrors ? "leave-username-error" : undefined}
          />
          <ErrorList id="leave-username-error" errors={usernameErrors} />
        </div>
        <div>
          <label htmlFor="leave-password" className="label">
            {t("password.change.current")}
          </label>
          <input
            id="leave-password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            className="input"
            aria-invalid={passwordErrors ? true : undefined}
            aria-describedby={passwordErrors ? "leave-password-error" : undefined}
          />
          <ErrorList id="leave-password-error" errors={passwordErrors} />
        </div>
        <div>
          <StatusButton
            pending={navigation.formData?.get("intent") === "delete-account"}
            className="btn bg-destructive text-destructive-foreground hover:bg-destructive/90"
          >
            {t("leave.account.submit")}
          </StatusButton>
        </div>
      </Form>
    </section>
  );
}
