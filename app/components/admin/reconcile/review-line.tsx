import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";
import type { MatchedLine, Target } from "~/models/reconcile-match.server";
import { assignmentValue, LineFacts, TargetFacts, targetText } from "./statement-line";

/** At most this many pending items are offered in each line's list (the oldest first). */
export const CHOICE_LIMIT = 300;

/**
 * A line for a person to decide: a partial match (its possibilities shown, the first chosen) or
 * a line that matched nothing (to assign by hand from everything pending). Either can be set
 * aside when it is not a donation at all.
 */
export function ReviewLine({ match, targets }: { match: MatchedLine; targets: Target[] }) {
  const { t } = useTranslation("admin");
  const { line, candidates } = match;
  const suggested = new Set(candidates.map((c) => `${c.kind}:${c.id}`));
  const others = targets.filter((c) => !suggested.has(`${c.kind}:${c.id}`)).slice(0, CHOICE_LIMIT);
  const selectId = `assign-${line.id}`;
  return (
    <li className="card grid gap-3 p-4" data-testid={`line-${line.id}`} data-group={match.group}>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <LineFacts line={line} />
        {candidates.length ? (
          <div className="grid gap-2 rounded-lg bg-muted/50 p-3">
            <p className="text-xs font-semibold uppercase tracking-wide text-gold-foreground dark:text-gold">
              {t(`reconcile.reason.${match.reason ?? "amount"}`)}
            </p>
            <ul className="grid gap-2">
              {candidates.map((c) => (
                <li key={`${c.kind}:${c.id}`}>
                  <TargetFacts target={c} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-2 border-t border-border pt-3 sm:flex-row sm:items-end">
        <Form method="post" preventScrollReset className="grid min-w-0 flex-1 gap-1">
          <input type="hidden" name="id" value={line.id} />
          <label htmlFor={selectId} className="text-xs font-medium text-muted-foreground">
            {t("reconcile.assign.label")}
          </label>
          <div className="flex gap-2">
            <select
              id={selectId}
              name="assign"
              required
              className="input min-w-0 flex-1"
              defaultValue={candidates[0] ? assignmentValue(line, candidates[0]) : ""}
            >
              {candidates.length === 0 ? (
                <option value="">{t("reconcile.assign.choose")}</option>
              ) : null}
              {candidates.length ? (
                <optgroup label={t("reconcile.assign.suggested")}>
                  {candidates.map((c) => (
                    <option key={`${c.kind}:${c.id}`} value={assignmentValue(line, c)}>
                      {targetText(t, c)}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {others.length ? (
                <optgroup label={t("reconcile.assign.allPending")}>
                  {others.map((c) => (
                    <option key={`${c.kind}:${c.id}`} value={assignmentValue(line, c)}>
                      {targetText(t, c)}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
            <PendingButton
              intent="confirm"
              pendingId={line.id}
              className="btn-primary shrink-0 px-3 py-2"
            >
              {t("reconcile.assign.confirm")}
            </PendingButton>
          </div>
        </Form>
        <Form method="post" preventScrollReset className="self-end">
          <input type="hidden" name="id" value={line.id} />
          <PendingButton intent="dismiss" pendingId={line.id} className="btn-ghost px-3 py-2">
            {t("reconcile.dismiss")}
          </PendingButton>
        </Form>
      </div>
    </li>
  );
}
