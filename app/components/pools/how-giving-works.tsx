import { useTranslation } from "react-i18next";
import { CheckCircleIcon, HeartIcon } from "~/components/icons";
import { ShieldIcon } from "~/components/page-icons";

const STEPS = [
  { key: "choose", Icon: HeartIcon },
  { key: "transfer", Icon: ShieldIcon },
  { key: "verify", Icon: CheckCircleIcon },
] as const;

/** Three steps that tell a first-time donor what happens to their money, and when it counts. */
export function HowGivingWorks() {
  const { t } = useTranslation("pools");
  return (
    <section aria-labelledby="how-title" className="card p-5 sm:p-6">
      <h2 id="how-title" className="text-xl font-bold tracking-tight sm:text-2xl">
        {t("how.title")}
      </h2>
      <ol className="mt-5 space-y-5">
        {STEPS.map(({ key, Icon }, i) => (
          <li key={key} className="flex gap-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <Icon width={20} height={20} />
            </span>
            <div>
              <p className="font-semibold">
                <span className="text-muted-foreground">{i + 1}. </span>
                {t(`how.${key}.title`)}
              </p>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
                {t(`how.${key}.text`)}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
