import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { UpdateForm, type UpdateIntent } from "~/components/admin/donations/update-form";
import { ArrowLeftIcon } from "~/components/icons";
import { UpdatePictures } from "~/components/pools/update-pictures";
import { TextParagraphs } from "~/components/story/text-paragraphs";
import { Toaster } from "~/components/toaster";
import { HttpError } from "~/http/http.server";
import { idOr404, idParam } from "~/http/params.server";
import { type FormReply, formResult } from "~/lib/form-reply";
import { formatDateTime, formatMoney } from "~/lib/format";
import { getPoolRow } from "~/models/pool-create.server";
import { readUpdateForm, UPDATE_BODY_LIMIT } from "~/models/pool-update-upload.server";
import { closePool, deleteUpdate, listUpdates, postUpdate } from "~/models/pool-updates.server";
import { redirectWithToast } from "~/models/sessions.server";
import { backTo } from "~/web/admin.server";
import { requireAdmin } from "~/web/auth.server";
import { screenAction } from "~/web/route.server";

/**
 * A campaign's updates for administrators (issue 20, decision 035): what was posted, with
 * delete; a form to post an update; and, until the campaign has one, the form of its final
 * report, which closes it. The rules are the service's (pool-updates.server.ts).
 */
function poolId(param: string | undefined) {
  const id = idParam(param);
  if (id === null) throw new Response(null, { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = poolId(params.id);
  const pool = await getPoolRow(id);
  if (!pool) throw new Response(null, { status: 404 });
  return {
    pool: { id: pool.id, name: pool.name, status: pool.status },
    updates: await listUpdates(id),
  };
}

const TOASTS = {
  post: { done: "admin:poolUpdates.toast.posted", failed: "admin:poolUpdates.toast.postFailed" },
  close: { done: "admin:poolUpdates.toast.closed", failed: "admin:poolUpdates.toast.closeFailed" },
  delete: {
    done: "admin:poolUpdates.toast.deleted",
    failed: "admin:poolUpdates.toast.deleteFailed",
  },
} as const;

export const action = (args: ActionFunctionArgs) =>
  screenAction(
    args,
    async ({ request, params }) => {
      const admin = await requireAdmin(request);
      const id = poolId(params.id);
      // Read as it streams, each picture within its limit (never request.formData()).
      const { values, submission, fileErrors } = await readUpdateForm(request);
      const intent = (
        values.intent === "close" || values.intent === "delete" ? values.intent : "post"
      ) as UpdateIntent | "delete";
      const back = backTo(request);
      const refuse = (status: number, fieldErrors: Record<string, string[]>, message?: string) =>
        data<FormReply<UpdateIntent>>(
          {
            intent: intent as UpdateIntent,
            result: formResult(values, fieldErrors, message ? [message] : []),
            toast: { type: "error", title: TOASTS[intent].failed, description: message },
          },
          { status },
        );
      if (intent !== "delete" && Object.keys(fileErrors).length) return refuse(400, fileErrors);
      try {
        if (intent === "delete") {
          const updateId = idOr404(values.id ?? "", "admin:poolUpdates.errors.notFound");
          await deleteUpdate(id, updateId, admin);
        } else if (intent === "close") {
          await closePool(id, submission, admin);
        } else {
          await postUpdate(id, submission, admin);
        }
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        if (intent === "delete") {
          return redirectWithToast(request, back, {
            type: "error",
            title: TOASTS.delete.failed,
            description: error.message,
          });
        }
        const fields = error.fieldErrors ?? {};
        // A refusal of the whole form (archived, already closed) is said above the fields.
        return refuse(error.status, fields, Object.keys(fields).length ? undefined : error.message);
      }
      return redirectWithToast(request, back, { type: "success", title: TOASTS[intent].done });
    },
    { multipart: UPDATE_BODY_LIMIT },
  );

export const handle = { i18n: ["common", "admin", "pools"] };

type Update = ReturnType<typeof useLoaderData<typeof loader>>["updates"][number];

function AdminUpdate({ update }: { update: Update }) {
  const { t, i18n } = useTranslation("admin");
  return (
    <li className="card p-4 sm:p-5" data-testid="admin-update" data-final={update.is_final}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          {update.is_final ? (
            <span className="mb-1 inline-block rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
              {t("poolUpdates.final")}
            </span>
          ) : null}
          <p className="text-sm text-muted-foreground">
            <time dateTime={update.created_at}>
              {formatDateTime(update.created_at, i18n.language)}
            </time>
          </p>
        </div>
        <ConfirmAction
          intent="delete"
          id={update.id}
          label={t("poolUpdates.delete")}
          question={t("poolUpdates.deleteTitle")}
          confirmLabel={t("poolUpdates.delete")}
        >
          <p className="w-full text-sm text-muted-foreground">{t("poolUpdates.deleteText")}</p>
        </ConfirmAction>
      </div>
      <TextParagraphs
        text={update.body_mn}
        className="mt-2 space-y-2 break-words text-sm leading-6"
      />
      {update.body_en ? (
        <TextParagraphs
          text={update.body_en}
          className="mt-2 space-y-2 break-words text-sm leading-6 text-muted-foreground"
        />
      ) : null}
      {update.is_final && update.raised_at_close !== null ? (
        <p className="mt-2 text-sm font-semibold">
          {t("poolUpdates.raisedAtClose", { amount: formatMoney(update.raised_at_close) })}
        </p>
      ) : null}
      {update.spent_amount !== null ? (
        <p className="mt-2 text-sm font-semibold">
          {t("poolUpdates.spent", {
            amount: formatMoney(update.spent_amount),
            what: update.spent_on_mn,
          })}
        </p>
      ) : null}
      <UpdatePictures photos={update.photos} receipts={update.receipts} />
    </li>
  );
}

/**
 * A fetcher's answer while it still concerns the page: a fetcher keeps its last answer through
 * the redirect of a later success, so an answer already there when the list changed is old.
 */
function useFreshReply(data: FormReply<UpdateIntent> | undefined, listKey: string) {
  const seen = useRef({ listKey, data: undefined as typeof data });
  if (seen.current.listKey !== listKey) seen.current = { listKey, data };
  return data === seen.current.data ? undefined : data;
}

export default function PoolUpdatesAdmin() {
  const { t } = useTranslation("admin");
  const { pool, updates } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormReply<UpdateIntent> | undefined;
  const postFetcher = useFetcher<FormReply<UpdateIntent>>({ key: "update-post" });
  const closeFetcher = useFetcher<FormReply<UpdateIntent>>({ key: "update-close" });
  // After a successful post the list changes: the form starts empty again.
  const formKey = `${updates.length}-${updates[0]?.id ?? 0}`;
  const posted = useFreshReply(postFetcher.data, formKey);
  const closing = useFreshReply(closeFetcher.data, formKey);
  // Without JavaScript the answer is the page's action data; with it, the fetcher's.
  const replyTo = (intent: UpdateIntent, fetched: FormReply<UpdateIntent> | undefined) => {
    const reply = fetched ?? actionData;
    return reply?.intent === intent ? reply : null;
  };
  const closed = updates.some((u) => u.is_final);
  return (
    <div className="max-w-4xl">
      <Link
        to="/admin/donations/pools"
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon width={14} height={14} />
        {t("donations.pools.title")}
      </Link>
      <h3 className="mt-2 text-xl font-semibold">{t("poolUpdates.title")}</h3>
      <p className="break-words text-lg font-medium">
        <Link to={`/donation-pools/${pool.id}`} className="hover:underline">
          {pool.name}
        </Link>
      </p>
      <p className="mb-6 mt-1 text-sm text-muted-foreground">{t("poolUpdates.subtitle")}</p>

      <section aria-labelledby="new-update" className="card p-4 sm:p-6">
        <h4 id="new-update" className="mb-4 text-lg font-semibold">
          {t("poolUpdates.formTitle")}
        </h4>
        <UpdateForm
          key={`post-${formKey}`}
          intent="post"
          fetcher={postFetcher}
          reply={replyTo("post", posted)}
        />
      </section>

      <section aria-labelledby="posted-updates" className="mt-8">
        <h4 id="posted-updates" className="text-lg font-semibold">
          {t("poolUpdates.listTitle")}
        </h4>
        {updates.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t("poolUpdates.empty")}</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {updates.map((update) => (
              <AdminUpdate key={update.id} update={update} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="close-pool" className="mt-8 card border-dashed p-4 sm:p-6">
        <h4 id="close-pool" className="text-lg font-semibold">
          {t("poolUpdates.close.title")}
        </h4>
        {closed ? (
          <p className="mt-2 text-sm text-muted-foreground" data-testid="pool-closed">
            {t("poolUpdates.close.done")}
          </p>
        ) : (
          <>
            <p className="mb-4 mt-1 text-sm text-muted-foreground">
              {t("poolUpdates.close.intro")}
            </p>
            <UpdateForm intent="close" fetcher={closeFetcher} reply={replyTo("close", closing)} />
          </>
        )}
      </section>
      <Toaster toast={(posted ?? closing ?? actionData)?.toast} />
    </div>
  );
}
