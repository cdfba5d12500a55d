import { useTranslation } from "react-i18next";
import { CheckIcon } from "~/components/page-icons";

type StepState = "done" | "current" | "todo";

const DOT: Record<StepState, string> = {
  done: "border-primary bg-secondary text-primary",
  current: "border-primary bg-primary text-primary-foreground shadow-sm",
  todo: "border-border bg-card text-muted-foreground",
};

/** 1 Story → 2 Plan → 3 Payment; the payment step only matters for paid plans. */
export function WizardSteps({ step, paid }: { step: 1 | 2 | 3; paid: boolean }) {
  const { t } = useTranslation("post");
  const steps = [
    { n: 1, label: t("steps.story") },
    { n: 2, label: t("steps.plan") },
    { n: 3, label: t("steps.payment"), optional: !paid },
  ];
  return (
    <div className="mb-8 sm:mb-10">
      <h1 className="text-balance text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">{t("subtitle")}</p>
      <div className="relative mt-6 sm:mt-8">
        {/* The track behind the dots: phones stack dot over label, so it runs through the dots' centres. */}
        <span
          aria-hidden="true"
          className="absolute left-[16.7%] right-[16.7%] top-[1.125rem] h-0.5 bg-border sm:hidden"
        />
        <ol className="relative grid grid-cols-3 gap-2 sm:gap-4" aria-label={t("steps.label")}>
          {steps.map((s) => {
            const state: StepState = s.n === step ? "current" : s.n < step ? "done" : "todo";
            return (
              <li
                key={s.n}
                aria-current={state === "current" ? "step" : undefined}
                className="relative flex min-w-0 flex-col items-center gap-2 text-center sm:flex-row sm:gap-3 sm:rounded-xl sm:border sm:border-border sm:bg-card sm:px-4 sm:py-3 sm:text-left sm:aria-[current=step]:border-primary/60 sm:aria-[current=step]:bg-secondary/60"
              >
                <span
                  aria-hidden="true"
                  className={`grid h-9 w-9 shrink-0 place-items-center rounded-full border-2 text-sm font-bold ${DOT[state]}`}
                >
                  {state === "done" ? <CheckIcon width={18} height={18} strokeWidth={2.5} /> : s.n}
                </span>
                <span className="min-w-0">
                  <span
                    className={`block text-sm leading-snug ${
                      state === "todo" ? "text-muted-foreground" : "font-semibold text-foreground"
                    }`}
                  >
                    {s.label}
                    {state === "done" ? (
                      <span className="sr-only"> ({t("steps.done")})</span>
                    ) : null}
                  </span>
                  {s.optional ? (
                    <span className="mt-0.5 block text-xs leading-snug text-muted-foreground">
                      {t("steps.paidOnly")}
                    </span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
