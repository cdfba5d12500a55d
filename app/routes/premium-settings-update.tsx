import {
  type ActionFunctionArgs,
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PendingButton } from "~/components/admin/pending-button";
import { PremiumFields, type PremiumFormValues } from "~/components/admin/settings/premium-fields";
import { ErrorList } from "~/components/forms";
import { ArrowLeftIcon } from "~/components/icons";
import { ShieldIcon } from "~/components/page-icons";
import { Toaster } from "~/components/toaster";
import { HttpError } from "~/http/http.server";
import { getT } from "~/i18next.server";
import { type FormReply, formResult } from "~/lib/form-reply";
import { metaFrom, pageMeta } from "~/lib/meta";
import type { PremiumValues } from "~/lib/plans";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/models/sessions.server";
import { getPremiumSettings } from "~/models/settings.server";
import {
  checkPremiumSecret,
  directSettingsEnabled,
  premiumFromForm,
  updatePremiumSettingsDirect,
} from "~/models/settings-admin.server";
import { screenAction } from "~/web/route.server";

/**
 * The hidden premium-settings page (spec 02 §2, DESIGN §4; docs/decisions/011): no sign-in, only
 * the secret key from PREMIUM_SETTINGS_SECRET. Without that variable the page answers 404 with a
 * plain "turned off" message. Step 1 asks for the key; step 2 (the answer to that POST) shows the
 * settings form, which carries the key back in a hidden field — never in the URL — and every
 * check of the key is constant-time and rate limited. Nothing here is cached.
 */
const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, ["common", "admin"]);
  const meta = pageMeta(
    t,
    "admin:premiumDirect.meta.title",
    "admin:premiumDirect.meta.description",
  );
  const enabled = directSettingsEnabled();
  return data({ meta, enabled }, { status: enabled ? 200 : 404, headers: NO_STORE });
}

export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaFrom(data),
  { name: "robots", content: "noindex, nofollow" },
];

export const handle = { i18n: ["common", "admin", "plans"] };

/** Step 1 asks for the key; step 2 shows the settings (the key travels on in a hidden field). */
type Step = FormReply<"key" | "settings"> & { secretKey?: string };

/** The saved settings as the form's typed values. */
const typedValues = (values: PremiumValues) => ({
  prices: Object.fromEntries(Object.entries(values.prices).map(([k, v]) => [k, String(v)])),
  days: Object.fromEntries(Object.entries(values.days).map(([k, v]) => [k, String(v)])),
});

/** "Update failed" plus the server's own message (spec 02 §8), or "Secret key required". */
function failure(error: HttpError): ToastMessage {
  return error.message === "admin:premiumDirect.errors.secretRequired"
    ? { type: "error", title: "admin:premiumDirect.toast.secretRequired" }
    : {
        type: "error",
        title: "admin:premiumDirect.toast.updateFailed",
        description: error.message,
      };
}

/** Back to step 1 with the refusal, keeping its status (403, 429 with Retry-After…). */
function keyRefused(error: HttpError) {
  const headers = new Headers(error.headers);
  headers.set("Cache-Control", "no-store");
  return data<Step>(
    { intent: "key", result: formResult({}, error.fieldErrors), toast: failure(error) },
    { status: error.status, headers },
  );
}

export const action = (args: ActionFunctionArgs) =>
  screenAction(args, async ({ request }) => {
    if (!directSettingsEnabled()) throw new HttpError(404, "admin:premiumDirect.errors.disabled");
    const form = await request.formData();
    const secretKey = String(form.get("secretKey") ?? "");
    if (form.get("intent") === "save") {
      const values = premiumFromForm(form);
      let deviceCookie: string;
      try {
        ({ deviceCookie } = await updatePremiumSettingsDirect(request, secretKey, values));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        // Invalid prices or days: the form again, with the key and what was typed.
        if (error.status === 400 && error.fieldErrors && !error.fieldErrors.secretKey)
          return data<Step>(
            {
              intent: "settings",
              secretKey,
              result: formResult(values, error.fieldErrors),
              toast: failure(error),
            },
            { status: 400, headers: NO_STORE },
          );
        return keyRefused(error);
      }
      return redirectWithToast(
        request,
        "/premium-settings-update",
        { type: "success", title: "admin:premiumDirect.toast.saved" },
        { headers: { "Set-Cookie": deviceCookie } },
      );
    }
    let deviceCookie: string;
    try {
      deviceCookie = await checkPremiumSecret(request, secretKey);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return keyRefused(error);
    }
    const values = await getPremiumSettings();
    const headers = new Headers(NO_STORE);
    headers.append("Set-Cookie", deviceCookie);
    return data<Step>(
      { intent: "settings", secretKey, result: formResult(typedValues(values)), toast: null },
      { headers },
    );
  });

export default function PremiumSettingsUpdate() {
  const { t } = useTranslation("admin");
  const { enabled } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Step | undefined;
  const keyErrors = result?.result.error?.secretKey;

  if (!enabled) {
    return (
      <div className="container flex min-h-[50vh] max-w-lg flex-col items-center justify-center py-16 text-center">
        <h1 className="text-2xl font-bold">{t("premiumDirect.disabled.title")}</h1>
        <p className="mt-3 text-muted-foreground">{t("premiumDirect.disabled.text")}</p>
        <Link to="/" className="btn-primary mt-8">
          <ArrowLeftIcon width={16} height={16} />
          {t("premiumDirect.disabled.home")}
        </Link>
      </div>
    );
  }

  return (
    <div className="container max-w-2xl py-10 sm:py-16">
      <Toaster toast={result?.toast} />
      <div className="flex items-center gap-3">
        <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
          <ShieldIcon width={20} height={20} />
        </span>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("premiumDirect.title")}
        </h1>
      </div>
      {result?.intent === "settings" ? (
        <Form method="post" noValidate className="card mt-6 space-y-5 p-4 sm:p-6">
          <p className="text-sm text-muted-foreground">{t("premiumDirect.unlocked")}</p>
          <input type="hidden" name="secretKey" value={result.secretKey} />
          <PremiumFields
            idPrefix="direct"
            values={result.result.initialValue as unknown as PremiumFormValues}
            errors={result.result.error}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Link to="/premium-settings-update" className="btn-ghost">
              {t("premiumDirect.changeKey")}
            </Link>
            <PendingButton intent="save">{t("premiumDirect.save")}</PendingButton>
          </div>
        </Form>
      ) : (
        <Form method="post" noValidate className="card mt-6 space-y-4 p-4 sm:p-6">
          <p className="text-sm text-muted-foreground">{t("premiumDirect.intro")}</p>
          <div>
            <label htmlFor="secret-key" className="label">
              {t("premiumDirect.secretKey")}
            </label>
            <input
              id="secret-key"
              name="secretKey"
              type="password"
              className="input"
              autoComplete="current-password"
              aria-invalid={keyErrors ? true : undefined}
              aria-describedby={keyErrors ? "secret-key-error" : undefined}
            />
            <ErrorList id="secret-key-error" errors={keyErrors} />
          </div>
          <div className="flex justify-end">
            <PendingButton intent="unlock">{t("premiumDirect.unlock")}</PendingButton>
          </div>
        </Form>
      )}
    </div>
  );
}
