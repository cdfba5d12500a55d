import { existsSync } from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";
import { FilterLinks } from "~/components/admin/stories/filter-links";
import { Pagination } from "~/components/pagination";
import { EmptyState } from "~/components/section-error";
import { config } from "~/config.server";
import { MESSAGE_FILTERS } from "~/constants";
import { formatDateTime } from "~/lib/format";
import { mailFile } from "~/messages/channels.server";
import { oneOf } from "~/models/admin-stories.server";
import { listMessages, type MessageStatus, retryMessage } from "~/models/outbox.server";
import { adminAction, formId } from "~/web/admin.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * The outbox as administrators see it (issue 17, decision 027): every e-mail and text message,
 * what became of it and why, its text, and "send again" for one that failed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filter = oneOf(MESSAGE_FILTERS, url.searchParams.get("filter"), "all");
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  // Only the hosts: the addresses may carry a user name and password.
  const host = (address?: string) => (address ? new URL(address).host : null);
  const list = await listMessages(filter, page);
  // A sent mail that went to a file (no SMTP_URL then): the file it is in, to open.
  const items = list.items.map((m) => {
    const file = m.channel === "email" && m.status === "sent" ? mailFile(m) : null;
    return {
      ...m,
      file:
        file && existsSync(file)
          ? `DATA_DIR/${path.relative(config.DATA_DIR, file).split(path.sep).join("/")}`
          : null,
    };
  });
  return {
    filter,
    list: { ...list, items },
    delivery: {
      smtp: host(config.SMTP_URL),
      sms: host(config.SMS_GATEWAY_URL),
      mailDir: "DATA_DIR/mail",
    },
  };
}

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, async ({ form, admin }) => {
    await retryMessage(formId(form), admin);
    return { type: "success", title: "admin:messages.toast.retried" };
  });

export const handle = { i18n: ["common", "admin"] };

const STATUS_TONE: Record<MessageStatus, string> = {
  pending: "bg-muted text-muted-foreground",
  sending: "bg-muted text-muted-foreground",
  sent: "bg-success/15 text-success",
  failed: "bg-gold-soft text-foreground",
  dead: "bg-destructive/15 text-destructive",
  skipped: "bg-muted text-muted-foreground",
};

export default function AdminMessages() {
  const { t, i18n } = useTranslation("admin");
  const { filter, list, delivery } = useLoaderData<typeof loader>();
  const when = (iso: string | null) => formatDateTime(iso, i18n.language, t("common.na"));
  const hrefFor = (page: number, to = filter) => {
    const params = new URLSearchParams();
    if (to !== "all") params.set("filter", to);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return search ? `?${search}` : ".";
  };
  const counted = (statuses: MessageStatus[]) =>
    statuses.reduce((sum, s) => sum + (list.byStatus[s] ?? 0), 0);
  const filterCount = {
    all: undefined,
    waiting: counted(["pending", "sending"]),
    sent: counted(["sent"]),
    failed: counted(["failed", "dead"]),
    skipped: counted(["skipped"]),
  };

  return (
    <section aria-labelledby="messages-title" className="space-y-5">
      <div>
        <h2 id="messages-title" className="text-xl font-semibold">
          {t("messages.title")}
        </h2>
        <p className="max-w-3xl text-sm text-muted-foreground">{t("messages.text")}</p>
      </div>

      <div
        className="rounded-xl border border-border bg-muted/40 p-4 text-sm"
        data-testid="delivery"
      >
        <p className="font-semibold">{t("messages.delivery.title")}</p>
        <p className="mt-1">
          {delivery.smtp
            ? t("messages.delivery.smtp", { host: delivery.smtp })
            : t("messages.delivery.files", { dir: delivery.mailDir })}
        </p>
        <p>
          {delivery.sms
            ? t("messages.delivery.sms", { host: delivery.sms })
            : t("messages.delivery.noSms")}
        </p>
      </div>

      <FilterLinks
        label={t("messages.filterLabel")}
        options={MESSAGE_FILTERS.map((value) => ({
          value,
          label: t(`messages.filters.${value}`),
          href: hrefFor(1, value),
          active: filter === value,
          count: filterCount[value],
        }))}
      />
      <p className="text-sm text-muted-foreground">{t("messages.count", { count: list.total })}</p>

      {list.items.length === 0 ? (
        <EmptyState>{t("messages.empty")}</EmptyState>
      ) : (
        <ol className="divide-y divide-border rounded-2xl border border-border bg-card">
          {list.items.map((m) => (
            <li
              key={m.id}
              className="grid gap-2 p-4 sm:grid-cols-[11rem_minmax(0,1fr)_auto] sm:gap-4"
              data-testid="message"
              data-status={m.status}
            >
              <time dateTime={m.created_at} className="text-sm text-muted-foreground">
                {when(m.created_at)}
              </time>
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">
                    {t(`messages.kinds.${m.kind}`, { defaultValue: m.kind })}
                  </span>
                  <span className="rounded-full border border-border px-2 py-0.5 text-xs">
                    {t(`messages.channel.${m.channel}`)}
                  </span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[m.status]}`}
                  >
                    {t(`messages.status.${m.status}`)}
                  </span>
                </p>
                <p className="break-all text-sm text-muted-foreground">
                  {t("messages.to", { to: m.recipient })}
                  {" · "}
                  {t("messages.attempts", { count: m.attempts })}
                  {m.status === "failed"
                    ? ` · ${t("messages.nextTry", { time: when(m.next_attempt_at) })}`
                    : ""}
                </p>
                {m.last_error ? (
                  <p className="break-words text-sm text-muted-foreground">
                    {t("messages.reason", {
                      // A skipped message's reason is a code with words; a failure, the error.
                      reason: t(`messages.skipReasons.${m.last_error}`, {
                        defaultValue: m.last_error,
                      }),
                    })}
                  </p>
                ) : null}
                {m.file ? (
                  <p className="break-all text-sm text-muted-foreground" data-testid="mail-file">
                    {t("messages.file", { file: m.file })}
                  </p>
                ) : null}
                {m.body ? (
                  <details className="text-sm">
                    <summary className="cursor-pointer font-medium text-primary">
                      {t("messages.show")}
                    </summary>
                    <div className="mt-2 rounded-lg border border-border bg-muted/40 p-3">
                      {m.subject ? <p className="mb-2 font-semibold">{m.subject}</p> : null}
                      <pre className="whitespace-pre-wrap break-words font-sans">{m.body}</pre>
                    </div>
                  </details>
                ) : null}
              </div>
              {m.status === "failed" || m.status === "dead" ? (
                <Form method="post" preventScrollReset className="sm:self-start">
                  <input type="hidden" name="id" value={m.id} />
                  <PendingButton intent="retry" pendingId={m.id} className="btn-outline">
                    {t("messages.retry")}
                  </PendingButton>
                </Form>
              ) : (
                <span />
              )}
            </li>
          ))}
        </ol>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={(p) => hrefFor(p)} />
    </section>
  );
}
