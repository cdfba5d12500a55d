import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BankDetails } from "~/components/donate/bank-details";
import { MonthlyManage } from "~/components/donate/monthly-manage";
import { MonthlyMonths } from "~/components/donate/monthly-months";
import { StandingOrderSteps } from "~/components/donate/standing-order-steps";
import { InfoIcon } from "~/components/icons";
import { contact } from "~/config.server";
import { getT } from "~/i18next.server";
import { formatDate, formatMoney } from "~/lib/format";
import { metaFrom } from "~/lib/meta";
import { dayWord, monthWord } from "~/lib/ub-months";
import { monthlyGiftByToken } from "~/models/monthly-gifts.server";
import { monthsOfGift } from "~/models/monthly-pay.server";
import { PRIVATE_HEADERS } from "~/screens/donations/donation-form.server";
import { answerManageForm } from "~/screens/donations/monthly-form.server";
import { screenAction } from "~/web/route.server";

/**
 * A monthly gift's own page (issue 43), opened by its signed link without an account: the
 * donor's M code, the amount and the day, where to pay and how to set up the standing order, and
 * the forms to pause, change or stop it. A forged or older link gets a page saying so, and how
 * to find the valid one.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await getT(request, ["common", "donate"]);
  const gift = await monthlyGiftByToken(params.token ?? "");
  const meta = {
    title: t("meta.titleTemplate", { title: t("donate:monthly.page.metaTitle") }),
    description: t("donate:monthly.page.keepLink"),
  };
  if (!gift) {
    return data(
      { gift: null, months: null, contactEmail: contact.email, meta },
      { status: 404, headers: PRIVATE_HEADERS },
    );
  }
  const { email: _e, phone_number: _p, token: _t, ...shown } = gift;
  const months = await monthsOfGift(gift);
  return data(
    { gift: shown, months, contactEmail: contact.email, meta },
    { headers: PRIVATE_HEADERS },
  );
}

export const action = (args: ActionFunctionArgs) =>
  screenAction(args, async ({ request, params }) => {
    const token = params.token ?? "";
    return answerManageForm(request, token, new URL(request.url).pathname);
  });

export const headers = () => PRIVATE_HEADERS;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaFrom(data),
  { name: "robots", content: "noindex" },
];

export const handle = { i18n: ["common", "donate", "post", "plans"] };

export default function MonthlyGiftPage() {
  const { gift, months, contactEmail } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("donate");
  if (!gift) return <InvalidLink email={contactEmail} />;
  const lng = i18n.language;
  const day = dayWord(gift.day_of_month, lng);
  const amount = formatMoney(gift.amount);
  return (
    <div className="container max-w-3xl space-y-6 py-8 sm:py-12" data-testid="monthly-gift">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">
          {t("monthly.page.eyebrow")}
        </p>
        <h1 className="mt-2 text-balance text-2xl font-extrabold leading-tight tracking-tight sm:text-3xl">
          {gift.pool
            ? t("monthly.page.titlePool", { pool: gift.pool.name })
            : t("monthly.page.titleSite")}
        </h1>
        <p className="mt-3 leading-relaxed text-muted-foreground">{t("monthly.page.keepLink")}</p>
        <Link
          to="/monthly"
          className="mt-2 inline-block text-sm font-semibold text-primary underline-offset-4 hover:underline"
          data-testid="monthly-relink-link"
        >
          {t("monthly.relink.pageLink")}
        </Link>
      </header>

      <section className="card p-5 sm:p-7" aria-labelledby="code-title">
        <h2 id="code-title" className="text-sm font-semibold text-muted-foreground">
          {t("monthly.page.code")}
        </h2>
        <p
          className="mt-1 font-mono text-3xl font-extrabold tracking-wider"
          data-testid="monthly-code"
        >
          {gift.payment_code}
        </p>
        <p className="mt-2 text-sm text-muted-foreground">{t("monthly.page.codeHint")}</p>
        <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-2">
          <Fact label={t("monthly.page.amount")} value={amount} testId="monthly-amount" />
          <Fact
            label={t("monthly.page.day")}
            value={t("monthly.page.dayValue", { day })}
            testId="monthly-day"
          />
          <Fact label={t("monthly.page.method")} value={t(`monthly.page.${gift.method}`)} />
          <Fact
            label={t("monthly.page.name")}
            value={t(
              gift.display_in_leaderboard ? "monthly.page.nameShown" : "monthly.page.nameHidden",
            )}
            testId="monthly-name"
            data={gift.display_in_leaderboard ? "shown" : "hidden"}
          />
          <Fact
            label={t("monthly.page.status")}
            value={[
              t(`monthly.page.${gift.status}`),
              gift.status === "paused" && gift.paused_until
                ? t("monthly.page.pausedUntil", { month: monthWord(gift.paused_until, lng) })
                : "",
              gift.status === "stopped" && gift.stopped_at
                ? t("monthly.page.stoppedOn", { date: formatDate(gift.stopped_at, lng) })
                : "",
            ]
              .filter(Boolean)
              .join(" · ")}
            testId="monthly-status"
            data={gift.status}
          />
        </dl>
      </section>

      {months ? <MonthlyMonths months={months} amount={amount} /> : null}

      {gift.status === "stopped" ? (
        <section className="card space-y-4 p-5 sm:p-7">
          <p className="leading-relaxed">{t("monthly.page.stoppedText")}</p>
          <Link
            to={
              gift.pool
                ? `/donation-pools/${gift.pool.id}/donate?every=month`
                : "/donate?every=month"
            }
            className="btn-primary"
          >
            {t("monthly.page.startAgain")}
          </Link>
        </section>
      ) : (
        <>
          <section className="card space-y-4 p-5 sm:p-7" aria-labelledby="pay-title">
            {gift.method === "standing_order" ? (
              <StandingOrderSteps
                titleId="pay-title"
                account={gift.account}
                amount={amount}
                day={day}
                code={gift.payment_code}
              />
            ) : (
              <>
                <h2 id="pay-title" className="text-lg font-semibold sm:text-xl">
                  {t("monthly.page.transferTitle")}
                </h2>
                <p className="leading-relaxed text-muted-foreground">
                  {t("monthly.page.transferText", { day, amount, code: gift.payment_code })}
                </p>
              </>
            )}
            <h3 className="pt-2 font-semibold">{t("monthly.page.account")}</h3>
            <BankDetails
              account={gift.account}
              amount={gift.amount}
              reference={gift.payment_code}
            />
          </section>
          <MonthlyManage gift={gift} />
        </>
      )}
    </div>
  );
}

function Fact({
  label,
  value,
  testId,
  data: state,
}: {
  label: string;
  value: string;
  testId?: string;
  data?: string;
}) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold" data-testid={testId} data-state={state}>
        {value}
      </dd>
    </div>
  );
}

function InvalidLink({ email }: { email: string }) {
  const { t } = useTranslation("donate");
  return (
    <div className="container max-w-2xl py-12" data-testid="monthly-invalid">
      <section className="card space-y-4 p-6 sm:p-8">
        <div className="flex gap-3">
          <InfoIcon width={22} height={22} className="mt-1 shrink-0 text-primary" />
          <div>
            <h1 className="text-xl font-bold sm:text-2xl">{t("monthly.invalid.title")}</h1>
            <p className="mt-2 leading-relaxed text-muted-foreground">
              {t("monthly.invalid.text")}
            </p>
            <p className="mt-2 leading-relaxed">{t("monthly.invalid.how", { email })}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/monthly" className="btn-primary" data-testid="monthly-relink-offer">
            {t("monthly.relink.offer")}
          </Link>
          <Link to="/donation-pools" className="btn-outline">
            {t("monthly.invalid.browse")}
          </Link>
        </div>
      </section>
    </div>
  );
}
