import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BotTrap } from "~/components/bot-trap";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { botTrapRefusal, botTrapToken } from "~/http/bot-trap.server";
import { safeRedirect } from "~/http/redirect.server";
import { getT } from "~/i18next.server";
import { metaFrom, pageMeta } from "~/lib/meta";
import type { ToastMessage } from "~/lib/toast";
import { toastHeader } from "~/models/sessions.server";
import { LoginSchema, RegisterSchema } from "~/schemas/auth";
import { authenticate, cookieHeaders, getUser } from "~/web/auth.server";
import { screenAction } from "~/web/route.server";

type Tab = "login" | "register";
const tabOf = (value: unknown): Tab => (value === "register" ? "register" : "login");

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirect"));
  if (await getUser(request)) throw redirect(redirectTo);
  const t = await getT(request);
  return {
    meta: pageMeta(t, "login.metaTitle", "login.metaDescription"),
    tab: tabOf(url.searchParams.get("tab")),
    redirectTo,
    botTrap: botTrapToken(),
  };
}

export const action = (args: ActionFunctionArgs) =>
  screenAction(
    args,
    async ({ request }) => {
      const form = await request.formData();
      const intent = tabOf(form.get("intent"));
      const schema = intent === "login" ? LoginSchema : RegisterSchema;
      const submission = parseWithZod(form, { schema });
      const hideFields = ["password", "confirmPassword"];
      if (submission.status !== "success") {
        return data(
          { intent, result: submission.reply({ hideFields }), toast: null },
          { status: 400 },
        );
      }

      // Registration is a public form: a program filling it is refused before anything is written.
      const trapped = intent === "register" ? botTrapRefusal(form) : null;
      if (trapped) {
        const toast: ToastMessage = {
          type: "error",
          title: "toast.registerFailed.title",
          description: trapped,
        };
        return data(
          { intent, result: submission.reply({ formErrors: [trapped], hideFields }), toast },
          { status: 400 },
        );
      }

      const input = Object.fromEntries(
        Object.entries(submission.value)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
      const result = await authenticate(intent, request, input);
      if (!result.ok && result.field) {
        // The field says what is wrong (a taken name, a common password); the spec's toast keeps
        // its general words so the message is not said twice.
        const toast: ToastMessage = {
          type: "error",
          title: "toast.registerFailed.title",
          description: "toast.registerFailed.description",
        };
        return data(
          {
            intent,
            result: submission.reply({
              fieldErrors: { [result.field]: [result.error] },
              hideFields,
            }),
            toast,
          },
          { status: 400 },
        );
      }
      if (!result.ok) {
        const toast: ToastMessage = {
          type: "error",
          title: `toast.${intent}Failed.title`,
          description: result.error,
        };
        return data(
          { intent, result: submission.reply({ formErrors: [result.error], hideFields }), toast },
          {
            status: result.status === 429 ? 429 : 400,
            headers: result.retryAfterSeconds
              ? { "Retry-After": String(result.retryAfterSeconds) }
              : undefined,
          },
        );
      }

      const headers = cookieHeaders(result.cookies);
      headers.append(
        "Set-Cookie",
        await toastHeader(request, {
          type: "success",
          title: `toast.${intent}Success.title`,
          description: `toast.${intent}Success.description`,
          values: { username: result.user.username },
        }),
      );
      return redirect(safeRedirect(form.get("redirectTo")), { headers });
    },
    // Nothing another visitor sees has changed: the shared pages in front stay fresh.
    { changes: "none" },
  );

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);

export const handle = { i18n: ["common"] };

/** The sign-in and the registration form: the same fields, registration adds a confirmation. */
function AccountForm({ intent, redirectTo }: { intent: Tab; redirectTo: string }) {
  const { t } = useTranslation();
  const { botTrap } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const registering = intent === "register";
  const [form, fields] = useForm({
    id: `${intent}-form`,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: registering ? RegisterSchema : LoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.formData?.get("intent") === intent;
  // Conform's `required` would let the browser stop the form in its own words; ours say it.
  const required = { required: undefined, "aria-required": true } as const;
  const password = (field: typeof fields.password, autoComplete: string) => ({
    ...getInputProps(field, { type: "password" }),
    autoComplete,
    ...required,
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {registering ? <BotTrap token={botTrap} /> : null}
      <Field
        label={t("login.username")}
        inputProps={{
          ...getInputProps(fields.username, { type: "text" }),
          autoComplete: "username",
          autoCapitalize: "none",
          spellCheck: false,
          ...required,
        }}
        errors={fields.username.errors}
        hint={registering ? t("login.usernameHint") : undefined}
      />
      <Field
        label={t("login.password")}
        inputProps={password(fields.password, registering ? "new-password" : "current-password")}
        errors={fields.password.errors}
      />
      {registering ? (
        <>
          <Field
            label={t("login.confirmPassword")}
            inputProps={password(fields.confirmPassword, "new-password")}
            errors={fields.confirmPassword.errors}
          />
          <Field
            label={t("login.email")}
            inputProps={{
              ...getInputProps(fields.email, { type: "email" }),
              autoComplete: "email",
              maxLength: 254,
            }}
            errors={fields.email.errors}
            // Said before the account exists: recovery needs a confirmed address (issue 41).
            hint={
              <>
                <strong className="font-semibold text-foreground">
                  {t("login.emailRecovery")}
                </strong>{" "}
                {t("login.emailHint")}
              </>
            }
          />
        </>
      ) : null}
      <FormErrors errors={form.errors} id={form.errorId} />
      <StatusButton pending={pending} className="btn-primary w-full">
        {t(registering ? "login.registerSubmit" : "login.submit")}
      </StatusButton>
      {registering ? null : (
        <p className="text-center text-sm">
          <Link to="/forgot-password" className="text-primary hover:underline">
            {t("password.forgot.link")}
          </Link>
        </p>
      )}
    </Form>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { tab, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // After a failed post the tab that was posted stays open, whatever the URL says.
  const active: Tab = actionData?.intent ?? tab;
  const tabHref = (to: Tab) => {
    const params = new URLSearchParams({ tab: to });
    if (redirectTo !== "/") params.set("redirect", redirectTo);
    return `?${params}`;
  };

  return (
    <div className="container flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="mb-6 text-center">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t(active === "login" ? "login.heading" : "login.registerHeading")}
          </h1>
          <p className="mt-2 text-muted-foreground">
            {t(active === "login" ? "login.subheading" : "login.registerSubheading")}
          </p>
        </div>
        <div className="card p-6 sm:p-8">
          <nav
            className="mb-6 grid grid-cols-2 rounded-lg bg-muted p-1"
            aria-label={t("login.tabs")}
          >
            {(["login", "register"] as const).map((key) => (
              <Link
                key={key}
                to={tabHref(key)}
                replace
                preventScrollReset
                aria-current={active === key ? "page" : undefined}
                className="rounded-md px-3 py-2 text-center text-sm font-semibold text-muted-foreground transition-colors aria-[current=page]:bg-card aria-[current=page]:text-foreground aria-[current=page]:shadow-sm"
              >
                {t(key === "login" ? "login.tabLogin" : "login.tabRegister")}
              </Link>
            ))}
          </nav>
          <AccountForm key={active} intent={active} redirectTo={redirectTo} />
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          {active === "login" ? t("login.noAccount") : t("login.haveAccount")}{" "}
          <Link
            to={tabHref(active === "login" ? "register" : "login")}
            className="font-semibold text-primary hover:underline"
          >
            {t(active === "login" ? "login.tabRegister" : "login.tabLogin")}
          </Link>
        </p>
      </div>
      <Toaster toast={actionData?.toast} />
    </div>
  );
}
