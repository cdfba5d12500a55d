import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { HttpError } from "~/http/http.server";
import { getT } from "~/i18next.server";
import type { FormReply } from "~/lib/form-reply";
import { metaFrom, pageMeta } from "~/lib/meta";
import { requestPasswordReset } from "~/models/passwords.server";
import { ForgotPasswordSchema } from "~/schemas/auth";
import { screenAction } from "~/web/route.server";

/**
 * "Forgot your password?" (issue 18): a reset link goes to the account's confirmed address. The
 * page says the same whether or not the address has an account.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  return { meta: pageMeta(t, "password.forgot.metaTitle", "password.forgot.text") };
}

export const action = (args: ActionFunctionArgs) =>
  screenAction(
    args,
    async ({ request }) => {
      const form = await request.formData();
      const submission = parseWithZod(form, { schema: ForgotPasswordSchema });
      if (submission.status !== "success") {
        return data<FormReply & { sent: boolean }>(
          { result: submission.reply(), toast: null, sent: false },
          { status: 400 },
        );
      }
      try {
        await requestPasswordReset(submission.value, request);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return data<FormReply & { sent: boolean }>(
          { result: submission.reply({ formErrors: [error.message] }), toast: null, sent: false },
          { status: error.status, headers: error.headers },
        );
      }
      return data<FormReply & { sent: boolean }>({
        result: submission.reply(),
        toast: null,
        sent: true,
      });
    },
    // Nothing another visitor sees has changed: the shared pages in front stay fresh.
    { changes: "none" },
  );

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaFrom(data),
  { name: "robots", content: "noindex" },
];

export default function ForgotPassword() {
  const { t } = useTranslation();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: reply?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="container flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{t("password.forgot.title")}</h1>
        {reply?.sent ? (
          <p className="mt-4" role="status" data-testid="forgot-sent">
            {t("password.forgot.sent")}
          </p>
        ) : (
          <>
            <p className="mt-2 text-muted-foreground">{t("password.forgot.text")}</p>
            <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
              <Field
                label={t("password.forgot.email")}
                inputProps={{
                  ...getInputProps(fields.email, { type: "email" }),
                  autoComplete: "email",
                  required: undefined,
                  "aria-required": true,
                }}
                errors={fields.email.errors}
              />
              <FormErrors id={form.errorId} errors={form.errors} />
              <StatusButton
                pending={navigation.state === "submitting"}
                className="btn-primary w-full"
              >
                {t("password.forgot.submit")}
              </StatusButton>
            </Form>
            <p className="mt-4 text-sm text-muted-foreground">{t("password.forgot.noEmail")}</p>
          </>
        )}
        <Link to="/login" className="btn-ghost mt-4">
          {t("nav.login")}
        </Link>
      </div>
    </div>
  );
}
