import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusButton } from "~/components/forms";
import { getT } from "~/i18next.server";
import { metaFrom, pageMeta } from "~/lib/meta";
import { readUnsubscribe, unsubscribe } from "~/models/mail-preferences.server";
import { screenAction } from "~/web/route.server";

/**
 * The unsubscribe link of every mail a person may turn off (issue 17, RFC 8058). Opened in a
 * browser it asks first (a link scanner must not unsubscribe anyone); a mail program's one-click
 * POST (`List-Unsubscribe=One-Click`) is done at once. The signed link is the authority: no
 * session is needed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  const link = readUnsubscribe(new URL(request.url).searchParams);
  return {
    meta: pageMeta(t, "unsubscribe.metaTitle", "unsubscribe.metaTitle"),
    group: link?.group ?? null,
  };
}

export const action = (args: ActionFunctionArgs) =>
  screenAction(
    args,
    async ({ request }) => {
      const link = readUnsubscribe(new URL(request.url).searchParams);
      const done = link ? await unsubscribe(link) : false;
      const body = await request.text();
      // A mail program's one-click request wants a status, not a page.
      if (body.includes("List-Unsubscribe=One-Click"))
        return new Response(null, { status: done ? 200 : 404 });
      return { done };
    },
    // Nothing another visitor sees has changed: the shared pages in front stay fresh.
    { changes: "none" },
  );

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaFrom(data),
  { name: "robots", content: "noindex" },
];

export default function Unsubscribe() {
  const { t } = useTranslation();
  const { group } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="container flex justify-center py-12 sm:py-16">
      <div className="card w-full max-w-lg p-6 text-center sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{t("unsubscribe.title")}</h1>
        {!group || (result && !result.done) ? (
          <p className="mt-3 text-muted-foreground" data-testid="unsubscribe-state">
            {t("unsubscribe.invalid")}
          </p>
        ) : result?.done ? (
          <p className="mt-3 text-muted-foreground" data-testid="unsubscribe-state" role="status">
            {t(group === "updates" ? "unsubscribe.doneUpdates" : "unsubscribe.done")}
          </p>
        ) : (
          <Form method="post" className="mt-4 space-y-4">
            <p>{t(`unsubscribe.ask.${group}`)}</p>
            <StatusButton pending={navigation.state === "submitting"} className="btn-primary">
              {t("unsubscribe.confirm")}
            </StatusButton>
          </Form>
        )}
        {/* A donor's link (campaign updates) has no account behind it: back to the campaigns. */}
        <Link to={group === "updates" ? "/donation-pools" : "/profile"} className="btn-ghost mt-6">
          {t(group === "updates" ? "unsubscribe.pools" : "unsubscribe.profile")}
        </Link>
      </div>
    </div>
  );
}
