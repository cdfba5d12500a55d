import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { HttpError } from "~/http/http.server";
import { getT } from "~/i18next.server";
import type { FormReply } from "~/lib/form-reply";
import { metaFrom, pageMeta } from "~/lib/meta";
import { resetPassword, resetTarget } from "~/models/passwords.server";
import { redirectWithToast } from "~/models/sessions.server";
import { NewPasswordSchema } from "~/schemas/auth";
import { screenAction } from "~/web/route.server";

/** The mailed reset link (issue 18): a new password, once, within the hour; no session needed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return {
    meta: pageMeta(t, "password.reset.metaTitle", "password.reset.metaTitle"),
    valid: Boolean(await resetTarget(token)),
  };
}

export const action = (args: ActionFunctionArgs) =>
  screenAction(
    args,
    async ({ request }) => {
      const token = new URL(request.url).searchParams.get("token") ?? "";
      const form = await request.formData();
      const submission = parseWithZod(form, { schema: NewPasswordSchema });
      if (submission.status !== "success") {
        return data<FormReply>(
          {
            result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
            toast: null,
          },
          { status: 400 },
        );
      }
      try {
        await resetPassword(token, submission.value);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return data<FormReply>(
          {
            result: submission.reply({
              fieldErrors: error.fieldErrors,
              formErrors: error.fieldErrors ? [] : [error.message],
              hideFields: ["password", "confirmPassword"],
            }),
            toast: null,
          },
          { status: error.status },
        );
      }
      return redirectWithToast(request, "/login", {
        type: "success",
        title: "password.reset.done",
        description: "password.reset.doneText",
      });
    },
    // Nothing another visitor sees has changed: the shared pages in front stay fresh.
    { changes: "none" },
  );

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaFrom(data),
  { name: "robots", content: "noindex" },
];

export default function ResetPassword() {
  const { t } = useTranslation();
  const { valid } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: reply?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const password = (field: typeof fields.password) => ({
    ...getInputProps(field, { type: "password" }),
    autoComplete: "new-password",
    required: undefined,
    "aria-required": true as const,
  });
  return (
    <div className="container flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{t("password.reset.title")}</h1>
        {valid ? (
          <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
            <Field
              label={t("password.change.new")}
              inputProps={password(fields.password)}
              errors={fields.password.errors}
            />
            <Field
              label={t("password.change.confirm")}
              inputProps={password(fields.confirmPassword)}
              errors={fields.confirmPassword.errors}
            />
            <FormErrors id={form.errorId} errors={form.errors} />
            <StatusButton
              pending={navigation.state === "submitting"}
              className="btn-primary w-full"
            >
              {t("password.reset.submit")}
            </StatusButton>
          </Form>
        ) : (
          <>
            <p className="mt-3 text-muted-foreground" data-testid="reset-invalid">
              {t("validation.resetLinkInvalid")}
            </p>
            <Link to="/forgot-password" className="btn-primary mt-6">
              {t("password.reset.again")}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
