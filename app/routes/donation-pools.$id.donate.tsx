import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DonateSteps, HowItWorks } from "~/components/donate/donate-steps";
import { donationFormId } from "~/components/donate/donation-form";
import { FrequencyChoice, MonthlyForm, monthlyFormId } from "~/components/donate/monthly-form";
import { PoolSummary } from "~/components/donate/pool-summary";
import { ErrorPage, errorStatus } from "~/components/error-page";
import { ArrowLeftIcon, InfoIcon } from "~/components/icons";
import { Toaster } from "~/components/toaster";
import { idParam } from "~/http/params.server";
import { getT } from "~/i18next.server";
import { metaFrom } from "~/lib/meta";
import { dayInUlaanbaatar } from "~/lib/ub-months";
import { createPledge } from "~/models/donation-create.server";
import { getPoolDetail } from "~/models/pools.server";
import { PledgeSchema } from "~/schemas/donation";
import { answerDonationForm, withHeldCode } from "~/screens/donations/donation-form.server";
import { screenAction } from "~/web/route.server";

/**
 * The pledge form of a pool (spec 02 §2, §5): anyone, no account. The pool's bank details come
 * first — people transfer, then tell us the reference. A successful pledge goes to its status
 * page (the confirmation, with the reference and the link to keep). Completed and archived
 * pools say they no longer take pledges and show no form.
 */

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idParam(params.id);
  const pool = id ? await getPoolDetail(id) : null;
  if (!pool) throw notFound();
  const t = await getT(request, ["common", "donate"]);
  return withHeldCode(
    request,
    { kind: "pool", poolId: pool.id },
    {
      pool: {
        id: pool.id,
        name: pool.name,
        status: pool.status,
        ended: pool.ended,
        goal_amount: pool.goal_amount,
        current_amount: pool.current_amount,
        progress: pool.progress,
        photo: pool.photos[0]?.thumbnail_url ?? null,
      },
      account: {
        bank_name: pool.bank_name,
        bank_account: pool.bank_account,
        account_name: pool.account_name,
      },
      monthly: new URL(request.url).searchParams.get("every") === "month",
      defaultDay: dayInUlaanbaatar(),
      meta: {
        title: t("meta.titleTemplate", {
          title: t("donate:pledge.metaTitle", { pool: pool.name }),
        }),
        description: t("donate:pledge.metaDescription", { pool: pool.name }),
      },
    },
  );
}

export const action = (args: ActionFunctionArgs) =>
  screenAction(args, async ({ request, params }) => {
    const id = idParam(params.id);
    if (!id) throw notFound();
    return answerDonationForm(
      request,
      PledgeSchema,
      (input, req) => createPledge(id, input, req),
      "donate:toast.pledged.title",
      id,
    );
  });

// Each visitor is offered their own payment code: never from a shared cache.
export const headers = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);

export const handle = {
  i18n: ["common", "donate", "stories", "post", "plans"],
  // Without JavaScript the switches post the form the page shows (keep-typing.ts); a closed
  // campaign shows none, and a switch naming a missing form would do nothing.
  keepTyping: (data?: { monthly?: boolean; pool?: { status: string; ended: boolean } }) =>
    data?.pool?.status !== "active" || data.pool.ended
      ? null
      : data.monthly
        ? monthlyFormId("pool")
        : donationFormId("pool"),
  errorTitle: (status: number) => (status === 404 ? "donate:notFound.title" : undefined),
};

export default function PledgePage() {
  const { t } = useTranslation("donate");
  const { pool, account, paymentCode, botTrap, monthly, defaultDay } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const open = pool.status === "active" && !pool.ended;
  const showMonthly = monthly || actionData?.intent === "monthly";
  return (
    <div className="container max-w-5xl py-8 sm:py-12">
      <header className="mb-6 sm:mb-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">
          {t("pledge.eyebrow")}
        </p>
        <h1 className="mt-2 text-balance text-2xl font-extrabold leading-tight tracking-tight sm:text-3xl">
          {t("pledge.title", { pool: pool.name })}
        </h1>
        {open ? (
          <p className="mt-3 max-w-2xl leading-relaxed text-muted-foreground">
            {t("pledge.intro")}
          </p>
        ) : null}
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <div className="space-y-6">
          <PoolSummary pool={pool} />
          {open ? <FrequencyChoice monthly={showMonthly} /> : null}
          {open && showMonthly ? (
            <MonthlyForm
              kind="pool"
              defaultDay={defaultDay}
              botTrap={botTrap}
              lastResult={actionData?.intent === "monthly" ? actionData.result : undefined}
            />
          ) : open ? (
            <DonateSteps
              kind="pool"
              account={account}
              paymentCode={paymentCode}
              botTrap={botTrap}
              lastResult={actionData?.intent === "monthly" ? undefined : actionData?.result}
            />
          ) : (
            <ClosedNotice poolId={pool.id} status={pool.ended ? "ended" : pool.status} />
          )}
        </div>
        {open ? <HowItWorks /> : null}
      </div>
      <Toaster toast={actionData?.toast} />
    </div>
  );
}

function ClosedNotice({ poolId, status }: { poolId: number; status: string }) {
  const { t } = useTranslation("donate");
  return (
    <section
      className="card flex flex-col gap-4 p-6 sm:p-8"
      aria-labelledby="closed-title"
      data-testid="pool-closed"
    >
      <div className="flex gap-3">
        <InfoIcon width={22} height={22} className="mt-0.5 shrink-0 text-primary" />
        <div>
          <h2 id="closed-title" className="text-lg font-semibold">
            {t("closed.title")}
          </h2>
          <p className="mt-1 leading-relaxed text-muted-foreground">
            {t(
              status === "ended"
                ? "closed.ended"
                : status === "completed"
                  ? "closed.completed"
                  : "closed.archived",
            )}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Link to="/donation-pools" className="btn-primary">
          {t("closed.browse")}
        </Link>
        <Link to={`/donation-pools/${poolId}`} className="btn-outline">
          {t("pledge.backToPool")}
        </Link>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = errorStatus(error);
  if (status !== 404) return <ErrorPage status={status} />;
  return <PoolNotFound />;
}

/** Pool load failure (spec 02 §8): an error with a back link. */
function PoolNotFound() {
  const { t } = useTranslation("donate");
  return (
    <div className="container flex min-h-[50vh] flex-col items-center justify-center py-16 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("notFound.title")}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{t("notFound.text")}</p>
      <Link to="/donation-pools" className="btn-primary mt-8">
        <ArrowLeftIcon width={16} height={16} />
        {t("notFound.back")}
      </Link>
    </div>
  );
}
