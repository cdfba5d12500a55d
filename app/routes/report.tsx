import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArrowLeftIcon } from "~/components/icons";
import { SpinnerIcon } from "~/components/page-icons";
import { ReportFields, type ReportReply } from "~/components/story/report-form";
import { Toaster } from "~/components/toaster";
import { botTrapRefusal, botTrapToken } from "~/http/bot-trap.server";
import { HttpError } from "~/http/http.server";
import { idParam } from "~/http/params.server";
import { getT } from "~/i18next.server";
import { formResult } from "~/lib/form-reply";
import { metaFrom, pageMeta } from "~/lib/meta";
import { reportOrigin } from "~/models/report-trust.server";
import { reportableItem, reportItem, reportReturnPath } from "~/models/reports.server";
import { redirectWithToast } from "~/models/sessions.server";
import { requireUser } from "~/web/auth.server";
import { screenAction } from "~/web/route.server";

/**
 * Reporting a story or a comment (issue 18): `/report?story=ID` or `/report?comment=ID`. The
 * story page's "Report" disclosures post here; without JavaScript a refusal comes back to this
 * page with what is wrong, and a success goes back to the story with a toast. A fetcher (`via`)
 * gets the answer as data and stays on the story page.
 */

function targetOf(url: URL) {
  for (const type of ["story", "comment"] as const) {
    const id = idParam(url.searchParams.get(type) ?? undefined);
    if (id) return { type, id };
  }
  return null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const target = targetOf(new URL(request.url));
  if (!target) throw new Response(null, { status: 404, statusText: "Not Found" });
  const [item, t] = await Promise.all([
    reportableItem(target.type, target.id, user),
    getT(request, ["common", "story"]),
  ]);
  return {
    meta: pageMeta(t, `story:report.meta.${target.type}`, "story:report.meta.description"),
    item,
    back: await reportReturnPath(target.type, target.id),
    botTrap: botTrapToken(),
  };
}

export const action = (args: ActionFunctionArgs) =>
  screenAction(args, async ({ request }) => {
    const user = await requireUser(request);
    const form = await request.formData();
    const values = Object.fromEntries(
      ["target_type", "target_id", "reason", "note"].map((k) => [k, String(form.get(k) ?? "")]),
    );
    const viaFetcher = form.get("via") === "fetcher";
    const { origin, cookie } = await reportOrigin(request);
    // A browser given its own nonce now keeps it, so its next report counts as the same browser.
    const headers = cookie ? { "Set-Cookie": cookie } : undefined;
    try {
      const trapped = botTrapRefusal(form);
      if (trapped) throw new HttpError(400, trapped);
      await reportItem(user, values, origin);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return data<ReportReply>(
        {
          intent: "report",
          result: formResult(values, error.fieldErrors, error.fieldErrors ? [] : [error.message]),
          toast: { type: "error", title: "story:report.toast.failed", description: error.message },
        },
        { status: error.status, headers: error.headers },
      );
    }
    const toast = {
      type: "success" as const,
      title: "story:report.toast.sent",
      description: "story:report.toast.sentText",
    };
    if (viaFetcher) return data<ReportReply>({ intent: "report", ok: true, toast }, { headers });
    const type = values.target_type === "comment" ? "comment" : "story";
    return redirectWithToast(
      request,
      await reportReturnPath(type, Number(values.target_id)),
      toast,
      { headers },
    );
  });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaFrom(data),
  { name: "robots", content: "noindex" },
];
export const handle = { i18n: ["common", "story"] };

export default function ReportPage() {
  const { t } = useTranslation("story");
  const { item, back, botTrap } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  return (
    <div className="container max-w-xl py-8 sm:py-12">
      <Link to={back} className="btn-ghost -ml-3 mb-4 text-muted-foreground">
        <ArrowLeftIcon width={18} height={18} />
        {t("report.back")}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight">{t(`report.title.${item.type}`)}</h1>
      <div className="mt-4 rounded-xl border border-border bg-muted/40 p-4 text-sm">
        <p className="font-semibold">{t("report.storyLabel", { title: item.story_title })}</p>
        {item.excerpt ? (
          <blockquote className="mt-2 whitespace-pre-line break-words text-muted-foreground">
            {t("report.commentBy", { author: item.comment_author ?? "" })} {item.excerpt}
          </blockquote>
        ) : null}
      </div>
      {item.own ? (
        <p className="mt-6 text-muted-foreground">{t("report.own")}</p>
      ) : item.reported ? (
        <p className="mt-6 text-muted-foreground" data-testid="reported">
          {t("report.already")}
        </p>
      ) : (
        <Form method="post" noValidate className="mt-6 space-y-4">
          <ReportFields type={item.type} id={item.id} botTrap={botTrap} result={reply?.result} />
          <button type="submit" className="btn-primary" aria-disabled={pending || undefined}>
            {pending ? <SpinnerIcon width={16} height={16} /> : null}
            {t("report.submit")}
          </button>
        </Form>
      )}
      <Toaster toast={reply?.toast} />
    </div>
  );
}
