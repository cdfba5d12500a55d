import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BotTrap } from "~/components/bot-trap";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import { botTrapRefusal, botTrapToken } from "~/http/bot-trap.server";
import { HttpError } from "~/http/http.server";
import { getT } from "~/i18next.server";
import type { FormReply } from "~/lib/form-reply";
import { metaFrom, pageMeta } from "~/lib/meta";
import type { ToastMessage } from "~/lib/toast";
import { requestMonthlyLinks } from "~/models/monthly-relink.server";
import { redirectWithToast } from "~/models/sessions.server";
import { MonthlyRelinkSchema } from "~/schemas/monthly-relink";
import { refuseByService, refuseInvalid } from "~/screens/donations/donation-form.server";
import { screenAction } from "~/web/route.server";

/**
 * "Get a new link to your monthly gifts" (issue 43): the donor types the address or phone they
 * gave, and every gift of theirs gets a new link, sent there (monthly-relink.server.ts). The
 * answer never says whether anything matched. Without JavaScript the form posts and comes back
 * here with `?sent` and a toast; with it, a fetcher stays on the page.
 */

type RelinkReply = FormReply & { sent?: boolean };

const SENT: ToastMessage = {
  type: "success",
  title: "donate:monthly.relink.toast",
  description: "donate:monthly.relink.sent",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, ["common", "donate"]);
  return {
    meta: pageMeta(t, "donate:monthly.relink.metaTitle", "donate:monthly.relink.text"),
    botTrap: botTrapToken(),
    sent: new URL(request.url).searchParams.has("sent"),
  };
}

export const action = (args: ActionFunctionArgs) =>
  screenAction(
    args,
    async ({ request }) => {
      const form = await request.formData();
      const submission = parseWithZod(form, { schema: MonthlyRelinkSchema });
      if (submission.status !== "success") return refuseInvalid(submission);
      const input: Record<string, string> = {};
      for (const [key, value] of form) if (typeof value === "string") input[key] = value;
      try {
        const trapped = botTrapRefusal(form);
        if (trapped) throw new HttpError(400, trapped);
        await requestMonthlyLinks(input, request);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return refuseByService(submission, error);
      }
      if (form.get("via") !== "fetcher") return redirectWithToast(request, "/monthly?sent", SENT);
      return data<RelinkReply>({
        result: submission.reply({ resetForm: true }),
        toast: SENT,
        sent: true,
      });
    },
    // Nothing another visitor sees has changed.
    { changes: "none" },
  );

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaFrom(data),
  { name: "robots", content: "noindex" },
];

export const handle = { i18n: ["common", "donate"] };

export default function MonthlyRelinkPage() {
  const { botTrap, sent } = useLoaderData<typeof loader>();
  const posted = useActionData<RelinkReply>();
  const fetcher = useFetcher<RelinkReply>();
  const hydrated = useHydrated();
  const { t } = useTranslation("donate");
  const reply = fetcher.data ?? posted;
  const [form, fields] = useForm({
    id: "monthly-relink",
    lastResult: reply?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MonthlyRelinkSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="container flex justify-center py-10 sm:py-16" data-testid="monthly-relink">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{t("monthly.relink.title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("monthly.relink.text")}</p>
        {sent || reply?.sent ? (
          <p
            className="mt-4 rounded-xl border border-border bg-muted/40 px-4 py-3"
            role="status"
            data-testid="monthly-relink-sent"
          >
            {t("monthly.relink.sent")}
          </p>
        ) : null}
        <fetcher.Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
          {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
          <BotTrap token={botTrap} />
          <Field
            label={t("monthly.relink.contact")}
            hint={t("monthly.relink.contactHint")}
            inputProps={{
              ...getInputProps(fields.contact, { type: "text" }),
              required: undefined,
              "aria-required": true,
            }}
            errors={fields.contact.errors}
          />
          <FormErrors id={form.errorId} errors={form.errors} focus />
          <StatusButton pending={fetcher.state !== "idle"} className="btn-primary w-full">
            {t("monthly.relink.submit")}
          </StatusButton>
        </fetcher.Form>
      </div>
      <Toaster toast={reply?.toast} />
    </div>
  );
}
