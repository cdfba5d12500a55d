import { useActionData, useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { ErrorList } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import type { ToastMessage } from "~/lib/toast";
import { dayWord } from "~/lib/ub-months";

/** What the manage forms' action answers when it stays on the page (app/screens/donations). */
interface ManageReply {
  intent: string;
  toast: ToastMessage | null;
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
}

export const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

/**
 * One fetcher for all the manage forms: its answer (the toast) outlives the form that posted it,
 * which a pause or a resume takes off the page.
 */
const FETCHER_KEY = "monthly-manage";

/**
 * One manage form of the monthly gift page: effective at once. With JavaScript it posts through a
 * fetcher and the page stays; without, it posts and comes back with a toast. A refused field
 * comes back beside it, typed values kept.
 */
function ManageForm({
  intent,
  children,
  testId,
}: {
  intent: string;
  children: (state: {
    errors: Record<string, string[]>;
    values: Record<string, string>;
  }) => ReactNode;
  testId: string;
}) {
  const fetcher = useFetcher<ManageReply>({ key: FETCHER_KEY });
  const hydrated = useHydrated();
  const posted = useActionData<ManageReply>();
  const reply = fetcher.data ?? (posted?.intent === intent ? posted : undefined);
  const mine = reply?.intent === intent ? reply : undefined;
  return (
    <fetcher.Form method="post" preventScrollReset className="space-y-3" data-testid={testId}>
      <input type="hidden" name="intent" value={intent} />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      {children({ errors: mine?.fieldErrors ?? {}, values: mine?.values ?? {} })}
      <span className="sr-only" aria-live="polite">
        {fetcher.state !== "idle" ? "…" : ""}
      </span>
    </fetcher.Form>
  );
}

export function MonthlyManage({
  gift,
}: {
  gift: { status: string; amount: number; day_of_month: number; display_in_leaderboard: boolean };
}) {
  const { t, i18n } = useTranslation("donate");
  const posted = useActionData<ManageReply>();
  const fetched = useFetcher<ManageReply>({ key: FETCHER_KEY }).data;
  return (
    <section className="card space-y-6 p-5 sm:p-7" aria-labelledby="manage-title">
      <div>
        <h2 id="manage-title" className="text-lg font-semibold sm:text-xl">
          {t("monthly.manage.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("monthly.manage.intro")}</p>
      </div>

      {gift.status === "active" ? (
        <div className="space-y-2 border-t border-border pt-5">
          <h3 className="font-semibold">{t("monthly.manage.pauseTitle")}</h3>
          <ManageForm intent="pause" testId="monthly-pause">
            {({ errors }) => (
              <>
                <fieldset>
                  <legend className="sr-only">{t("monthly.manage.pauseTitle")}</legend>
                  <div className="flex flex-wrap gap-2">
                    {[1, 2, 3].map((months) => (
                      <label
                        key={months}
                        className="flex cursor-pointer items-center gap-2 rounded-full border border-border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
                      >
                        <input
                          type="radio"
                          name="months"
                          value={months}
                          defaultChecked={months === 1}
                          className="accent-primary"
                        />
                        {t("monthly.manage.pauseMonths", { count: months })}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <p className="text-xs text-muted-foreground">{t("monthly.manage.pauseHint")}</p>
                <ErrorList id="pause-errors" errors={errors.months} />
                <button type="submit" className="btn-outline">
                  {t("monthly.manage.pauseButton")}
                </button>
              </>
            )}
          </ManageForm>
        </div>
      ) : null}

      {gift.status === "paused" ? (
        <div className="space-y-2 border-t border-border pt-5">
          <h3 className="font-semibold">{t("monthly.manage.resumeTitle")}</h3>
          <ManageForm intent="resume" testId="monthly-resume">
            {() => (
              <button type="submit" className="btn-primary">
                {t("monthly.manage.resumeButton")}
              </button>
            )}
          </ManageForm>
        </div>
      ) : null}

      <div className="space-y-2 border-t border-border pt-5">
        <h3 className="font-semibold">{t("monthly.manage.changeTitle")}</h3>
        <ManageForm intent="change" testId="monthly-change">
          {({ errors, values }) => (
            <>
              <div className="grid gap-3 sm:grid-cols-2">
                <div>
                  <label htmlFor="change-amount" className="label">
                    {t("monthly.form.amount")}
                  </label>
                  <div className="relative">
                    <input
                      id="change-amount"
                      name="amount"
                      type="number"
                      inputMode="numeric"
                      min={100}
                      step={100}
                      defaultValue={values.amount ?? String(gift.amount)}
                      aria-invalid={errors.amount ? true : undefined}
                      aria-describedby={errors.amount ? "change-amount-errors" : undefined}
                      className="input pr-10 tabular-nums"
                    />
                    <span
                      className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-muted-foreground"
                      aria-hidden="true"
                    >
                      ₮
                    </span>
                  </div>
                  <ErrorList id="change-amount-errors" errors={errors.amount} />
                </div>
                <div>
                  <label htmlFor="change-day" className="label">
                    {t("monthly.form.day")}
                  </label>
                  <select
                    id="change-day"
                    name="day_of_month"
                    defaultValue={values.day_of_month ?? String(gift.day_of_month)}
                    className="input"
                  >
                    {DAYS.map((day) => (
                      <option key={day} value={day}>
                        {t("monthly.form.dayOption", { day: dayWord(day, i18n.language) })}
                      </option>
                    ))}
                  </select>
                  <ErrorList id="change-day-errors" errors={errors.day_of_month} />
                </div>
              </div>
              {/* Unticked, it is not sent: the action reads that as no (monthly-form.server.ts). */}
              <div className="flex gap-3 rounded-xl border border-border bg-muted/40 p-4">
                <input
                  id="change-leaderboard"
                  name="display_in_leaderboard"
                  type="checkbox"
                  defaultChecked={
                    values.display_in_leaderboard
                      ? values.display_in_leaderboard === "true"
                      : gift.display_in_leaderboard
                  }
                  aria-describedby="change-leaderboard-hint"
                  className="mt-0.5 h-5 w-5 shrink-0 rounded border-input accent-primary"
                />
                <div>
                  <label htmlFor="change-leaderboard" className="font-medium">
                    {t("form.leaderboard")}
                  </label>
                  <p id="change-leaderboard-hint" className="mt-0.5 text-sm text-muted-foreground">
                    {t("monthly.manage.leaderboardHint")}
                  </p>
                </div>
              </div>
              <button type="submit" className="btn-outline">
                {t("monthly.manage.changeButton")}
              </button>
            </>
          )}
        </ManageForm>
      </div>

      <div className="space-y-2 border-t border-border pt-5" data-testid="monthly-stop">
        <h3 className="font-semibold">{t("monthly.manage.stopTitle")}</h3>
        <p className="text-sm text-muted-foreground">{t("monthly.manage.stopText")}</p>
        <ConfirmAction
          intent="stop"
          id="monthly"
          label={t("monthly.manage.stopButton")}
          question={t("monthly.manage.stopQuestion")}
          confirmLabel={t("monthly.manage.stopConfirm")}
          cancelLabel={t("monthly.manage.cancel")}
          align="left"
        />
      </div>
      {fetched?.toast ? <Toaster toast={fetched.toast} /> : null}
      {!fetched && posted?.toast ? <Toaster toast={posted.toast} /> : null}
    </section>
  );
}
