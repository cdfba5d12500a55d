import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusButton } from "~/components/forms";
import { BellIcon } from "~/components/icons";
import { Pagination } from "~/components/pagination";
import { PaymentList } from "~/components/post-story/payment-rows";
import { EmptyState } from "~/components/section-error";
import { getT } from "~/i18next.server";
import { formatDateTime } from "~/lib/format";
import { inboxText } from "~/lib/inbox-text";
import { metaFrom, pageMeta } from "~/lib/meta";
import { listInbox, markAllRead } from "~/models/inbox.server";
import { redirectWithToast } from "~/models/sessions.server";
import { requireUser } from "~/web/auth.server";
import { screenAction } from "~/web/route.server";

/** The inbox (issue 17): what happened to the signed-in person's stories, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getT(request, ["common", "messages"]);
  const page = Math.max(
    1,
    Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1,
  );
  return {
    meta: pageMeta(t, "messages:inbox.metaTitle", "messages:inbox.metaDescription"),
    inbox: await listInbox(user, page),
  };
}

export const action = (args: ActionFunctionArgs) =>
  screenAction(
    args,
    async ({ request }) => {
      const user = await requireUser(request);
      await markAllRead(user);
      return redirectWithToast(request, "/notifications", {
        type: "success",
        title: "messages:inbox.marked",
      });
    },
    // Nothing another visitor sees has changed: the shared pages in front stay fresh.
    { changes: "none" },
  );

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);
// "stories": the inbox's page links (Pagination) speak from it (issue 41 item 10).
// "plans": a paid story's entry names the bank and account holder as step 3 did.
export const handle = { i18n: ["common", "messages", "stories", "plans"] };

export default function Notifications() {
  const { t, i18n } = useTranslation("messages");
  const { inbox } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const hrefFor = (page: number) => (page > 1 ? `?page=${page}` : ".");
  return (
    <div className="container max-w-3xl py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
            <BellIcon width={26} height={26} className="text-primary" />
            {t("inbox.title")}
          </h1>
          <p className="mt-2 text-muted-foreground">{t("inbox.intro")}</p>
        </div>
        {inbox.unread > 0 ? (
          <Form method="post">
            <StatusButton pending={navigation.state === "submitting"} className="btn-outline">
              {t("inbox.markAllRead")}
            </StatusButton>
          </Form>
        ) : null}
      </div>
      <p className="mt-4 text-sm text-muted-foreground" data-testid="inbox-unread">
        {t("inbox.unread", { count: inbox.unread })}
      </p>
      {inbox.items.length === 0 ? (
        <div className="mt-6">
          <EmptyState>{t("inbox.empty")}</EmptyState>
        </div>
      ) : (
        <ol className="mt-4 divide-y divide-border overflow-hidden rounded-2xl border border-border bg-card">
          {inbox.items.map((item) => {
            const { text, link, payment } = inboxText(t, item, i18n.language);
            const unread = !item.read_at;
            return (
              <li
                key={item.id}
                className={`flex gap-3 p-4 ${unread ? "bg-primary/5" : ""}`}
                data-testid="inbox-item"
                data-kind={item.kind}
                data-unread={unread || undefined}
              >
                <span
                  aria-hidden="true"
                  className={`mt-2 h-2 w-2 shrink-0 rounded-full ${unread ? "bg-primary" : "bg-transparent"}`}
                />
                <div className="min-w-0 flex-1">
                  <p className={unread ? "font-semibold" : undefined}>
                    {unread ? <span className="sr-only">{t("inbox.new")}: </span> : null}
                    {text}
                  </p>
                  {payment ? (
                    <div className="mt-3 max-w-xl space-y-2" data-testid="inbox-payment">
                      <p className="text-sm">{t("author.payment.intro")}</p>
                      <PaymentList rows={payment} />
                    </div>
                  ) : null}
                  <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-muted-foreground">
                    <time dateTime={item.created_at}>
                      {formatDateTime(item.created_at, i18n.language)}
                    </time>
                    <Link to={link.href} className="font-medium text-primary hover:underline">
                      {link.label}
                    </Link>
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Pagination page={inbox.page} pageCount={inbox.pageCount} hrefFor={hrefFor} />
    </div>
  );
}
