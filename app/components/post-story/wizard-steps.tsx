import { useTranslation } from "react-i18next";

/** 1 Story → 2 Plan → 3 Payment; the payment step only matters for paid plans. */
export function WizardSteps({ step, paid }: { step: 1 | 2 | 3; paid: boolean }) {
  const { t } = useTranslation("post");
  const steps = [
    { n: 1, label: t("steps.story") },
    { n: 2, label: t("steps.plan") },
    { n: 3, label: t("steps.payment"), optional: !paid },
  ];
  return (
    <div className="mb-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
      <p className="mt-2 text-muted-foreground">{t("subtitle")}</p>
      <ol className="mt-6 grid grid-cols-3 gap-2" aria-label={t("steps.label")}>
        {steps.map((s) => (
          <li
            key={s.n}
            aria-current={s.n === step ? "step" : undefined}
            className={`rounded-xl border px-3 py-2.5 text-sm ${
              s.n === step
                ? "border-primary bg-secondary font-semibold text-secondary-foreground"
                : s.n < step
                  ? "border-border bg-card text-foreground"
                  : "border-border bg-card text-muted-foreground"
            }`}
          >
            <span className="mr-1.5 font-bold">{s.n}.</span>
            {s.label}
            {s.optional ? (
              <span className="block text-xs font-normal text-muted-foreground">
                {t("steps.paidOnly")}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
