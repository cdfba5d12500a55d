import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";
import { ArrowLeftIcon } from "~/components/icons";
import type { MatchedLine } from "~/models/reconcile-match.server";
import { assignmentValue, LineFacts, TargetFacts } from "./statement-line";

/**
 * Transfers whose reference and amount both fit one pending item: all ticked, confirmed together
 * with one button (untick any that look wrong).
 */
export function ExactGroup({ matches }: { matches: MatchedLine[] }) {
  const { t } = useTranslation("admin");
  return (
    <Form method="post" preventScrollReset className="grid gap-3" data-testid="exact-form">
      <ul className="grid gap-2">
        {matches.map(({ line, candidates }) => {
          const target = candidates[0]!;
          const id = `exact-${line.id}`;
          return (
            <li
              key={line.id}
              className="card p-0"
              data-testid={`line-${line.id}`}
              data-group="exact"
            >
              <label
                htmlFor={id}
                className="grid cursor-pointer grid-cols-[auto_minmax(0,1fr)] gap-3 p-4 sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)] sm:items-center"
              >
                <input
                  id={id}
                  type="checkbox"
                  name="assign"
                  value={assignmentValue(line, target)}
                  defaultChecked
                  className="mt-1 h-5 w-5 accent-primary sm:mt-0"
                />
                <LineFacts line={line} />
                <ArrowLeftIcon
                  width={18}
                  height={18}
                  className="hidden rotate-180 text-muted-foreground sm:block"
                  aria-hidden="true"
                />
                <span className="col-start-2 sm:col-start-auto">
                  <TargetFacts target={target} />
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <PendingButton intent="confirm" className="btn-primary">
          {t("reconcile.exact.confirm")}
        </PendingButton>
        <p className="text-sm text-muted-foreground">{t("reconcile.exact.hint")}</p>
      </div>
    </Form>
  );
}
