import { useTranslation } from "react-i18next";
import { formatMoney } from "~/lib/format";
import type { OpenLine, Target } from "~/models/reconcile-match.server";

/**
 * One transfer from the bank statement: when, how much, and what the payer wrote. Spans only:
 * it sits inside the label of a tick box, which may hold phrasing content only.
 */
export function LineFacts({ line }: { line: OpenLine }) {
  const { t } = useTranslation("admin");
  return (
    <span className="block min-w-0">
      <span className="block flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
        <span className="text-lg font-bold tabular-nums">{formatMoney(line.amount)}</span>
        <span className="text-sm text-muted-foreground tabular-nums">{line.booked_on}</span>
      </span>
      <span className="block mt-0.5 break-words font-mono text-sm" data-testid="line-description">
        {line.description || t("reconcile.line.noDescription")}
      </span>
      {line.counterparty || line.account || line.bank_reference ? (
        <span className="block mt-0.5 break-words text-xs text-muted-foreground">
          {[line.counterparty, line.account, line.bank_reference].filter(Boolean).join(" · ")}
        </span>
      ) : null}
    </span>
  );
}

/** What a transfer may pay for, in one line: whose pledge to which pool, or which story. */
export function targetText(
  t: (key: string, values?: Record<string, unknown>) => string,
  target: Target,
) {
  const code = target.code ? `${target.code} · ` : "";
  const amount = formatMoney(target.amount);
  if (target.kind === "pool")
    return t("reconcile.target.pool", { code, name: target.name, pool: target.label, amount });
  if (target.kind === "general")
    return t("reconcile.target.general", { code, name: target.name, amount });
  if (target.kind === "monthly")
    return t("reconcile.target.monthly", {
      code,
      name: target.name,
      pool: target.label ?? t("reconcile.target.site"),
      amount,
    });
  return t("reconcile.target.story", { code, title: target.label, name: target.name, amount });
}

export const assignmentValue = (line: OpenLine, target: Target) =>
  `${line.id}:${target.kind}:${target.id}`;

/** The target as a small card beside the line it matches. */
export function TargetFacts({ target }: { target: Target }) {
  const { t } = useTranslation("admin");
  return (
    <span className="block min-w-0 text-sm">
      <span className="block font-medium">
        {t(`reconcile.kind.${target.kind}`)}
        {target.label ? <span className="text-muted-foreground"> · {target.label}</span> : null}
      </span>
      <span className="block break-words text-muted-foreground">
        {target.code ? <span className="font-mono text-foreground">{target.code}</span> : null}
        {target.code ? " · " : null}
        {target.name} · <span className="tabular-nums">{formatMoney(target.amount)}</span>
      </span>
    </span>
  );
}
