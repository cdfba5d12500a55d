import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DonateSteps, HowItWorks } from "~/components/donate/donate-steps";
import { donationFormId } from "~/components/donate/donation-form";
import { FrequencyChoice, MonthlyForm, monthlyFormId } from "~/components/donate/monthly-form";
import { ErrorPage, errorStatus } from "~/components/error-page";
import { HeartIcon } from "~/components/icons";
import { Toaster } from "~/components/toaster";
import { payee } from "~/config.server";
import { getT } from "~/i18next.server";
import { metaFrom, pageMeta } from "~/lib/meta";
import { dayInUlaanbaatar } from "~/lib/ub-months";
import { createGeneralDonation } from "~/models/donation-create.server";
import { GeneralDonationSchema } from "~/schemas/donation";
import { answerDonationForm, withHeldCode } from "~/screens/donations/donation-form.server";
import { screenAction } from "~/web/route.server";

/**
 * A donation to the site itself (spec 02 §3 `donations`, §5: at least 1,000 ₮; name, phone,
 * amount, bank and reference required), linked from the footer. Same life as a pledge: pending,
 * then verified or rejected by an administrator, followed on the same status page.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, ["common", "donate"]);
  return withHeldCode(
    request,
    { kind: "general" },
    {
      payee,
      monthly: new URL(request.url).searchParams.get("every") === "month",
      defaultDay: dayInUlaanbaatar(),
      meta: pageMeta(t, "donate:general.metaTitle", "donate:general.metaDescription"),
    },
  );
}

export const action = (args: ActionFunctionArgs) =>
  screenAction(args, ({ request }) =>
    answerDonationForm(
      request,
      GeneralDonationSchema,
      createGeneralDonation,
      "donate:toast.donated.title",
      null,
    ),
  );

// Each visitor is offered their own payment code: never from a shared cache.
export const headers = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);

export const handle = {
  i18n: ["common", "donate", "post", "plans"],
  // Without JavaScript the switches post the form the page shows (keep-typing.ts).
  keepTyping: (data?: { monthly?: boolean }) =>
    data?.monthly ? monthlyFormId("site") : donationFormId("general"),
};

export default function DonatePage() {
  const { t } = useTranslation("donate");
  const { payee, paymentCode, botTrap, monthly, defaultDay } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const showMonthly = monthly || actionData?.intent === "monthly";
  return (
    <div className="container max-w-5xl py-8 sm:py-12">
      <header className="mb-6 sm:mb-8">
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold uppercase tracking-wider text-primary">
          <HeartIcon width={16} height={16} />
          {t("general.eyebrow")}
        </p>
        <h1 className="mt-2 text-balance text-2xl font-extrabold leading-tight tracking-tight sm:text-3xl">
          {t("general.title")}
        </h1>
        <p className="mt-3 max-w-2xl leading-relaxed text-muted-foreground">{t("general.intro")}</p>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <div className="space-y-6">
          <FrequencyChoice monthly={showMonthly} />
          {showMonthly ? (
            <MonthlyForm
              kind="site"
              defaultDay={defaultDay}
              botTrap={botTrap}
              lastResult={actionData?.intent === "monthly" ? actionData.result : undefined}
            />
          ) : (
            <DonateSteps
              kind="general"
              account={payee}
              paymentCode={paymentCode}
              botTrap={botTrap}
              lastResult={actionData?.intent === "monthly" ? undefined : actionData?.result}
            />
          )}
        </div>
        <div className="space-y-4">
          <HowItWorks />
          <section className="card p-5" aria-labelledby="pools-title">
            <h2 id="pools-title" className="font-semibold">
              {t("general.poolsTitle")}
            </h2>
            <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
              {t("general.poolsText")}
            </p>
            <Link to="/donation-pools" className="btn-secondary mt-4 w-full">
              {t("general.poolsLink")}
            </Link>
          </section>
        </div>
      </div>
      <Toaster toast={actionData?.toast} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage status={errorStatus(error)} />;
}
