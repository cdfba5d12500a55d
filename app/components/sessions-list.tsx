import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";
import { deviceName } from "~/lib/device";
import { formatDateTime } from "~/lib/format";

export interface SessionRow {
  id: string;
  device: string | null;
  created_at: string;
  last_seen_at: string | null;
  current: boolean;
}

/** The browsers signed in to the account (issue 18), each of which can be signed out. */
export function SessionsList({ sessions }: { sessions: SessionRow[] }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => formatDateTime(iso, i18n.language, "—");
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section className="card mt-6 p-5 sm:p-6" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="text-lg font-semibold">
        {t("sessions.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("sessions.text")}</p>
      <ul className="mt-4 divide-y divide-border rounded-xl border border-border">
        {sessions.map((session) => {
          const name = deviceName(session.device) ?? t("sessions.unknown");
          return (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-3 p-3"
              data-testid="session"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {name}
                  {session.current ? (
                    <span className="ml-2 rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-success">
                      {t("sessions.current")}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  {t("sessions.lastSeen", {
                    when: when(session.last_seen_at ?? session.created_at),
                  })}
                  {" · "}
                  {t("sessions.since", { when: when(session.created_at) })}
                </p>
              </div>
              {session.current ? null : (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="id" value={session.id} />
                  <PendingButton
                    intent="end-session"
                    pendingId={session.id}
                    className="btn-outline px-3 py-1.5 text-sm"
                    aria-label={t("sessions.endLabel", { device: name })}
                  >
                    {t("sessions.end")}
                  </PendingButton>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <Form method="post" preventScrollReset className="mt-3">
          <PendingButton intent="end-others" className="btn-outline">
            {t("sessions.endOthers")}
          </PendingButton>
        </Form>
      ) : null}
    </section>
  );
}
