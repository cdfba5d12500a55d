import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage, errorStatus } from "~/components/error-page";
import { ChevronRightIcon, MailIcon, PhoneIcon } from "~/components/icons";
import { PlanCard } from "~/components/plan-card";
import { payee } from "~/config.server";
import { DEFAULT_LANGUAGE } from "~/constants";
import { getT, i18next, isLanguage } from "~/i18next.server";
import { metaFrom, pageMeta } from "~/lib/meta";
import { accountDisplayName, bankDisplayName, type Plan, resolvePlans } from "~/lib/plans";
import { listFaq } from "~/models/faq.server";
import { getPremiumSettings } from "~/models/settings.server";
import type { loader as rootLoader } from "~/root";
import { sameForMembers } from "~/web/member-pages.server";

async function load({ request }: LoaderFunctionArgs) {
  const locale = await i18next.getLocale(request);
  const [t, premium, faq] = await Promise.all([
    getT(request, ["common", "faq"]),
    getPremiumSettings(),
    listFaq(isLanguage(locale) ? locale : DEFAULT_LANGUAGE),
  ]);
  return {
    meta: pageMeta(t, "faq:metaTitle", "faq:metaDescription"),
    plans: resolvePlans(premium),
    payee,
    faq,
  };
}

export function loader(args: LoaderFunctionArgs) {
  return sameForMembers(args, load);
}

export default function FaqPage() {
  const { plans, payee, faq } = useLoaderData<typeof loader>();
  return (
    <>
      <Intro />
      <Plans plans={plans} />
      <Payment payee={payee} />
      <Questions items={faq} />
    </>
  );
}

function Intro() {
  const { t } = useTranslation("faq");
  return (
    <section className="border-b border-border bg-gradient-to-b from-secondary/70 to-background">
      <div className="container py-10 text-center sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">
          {t("hero.eyebrow")}
        </p>
        <h1 className="mx-auto mt-3 max-w-3xl text-balance text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl lg:text-5xl">
          {t("hero.title")}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-base leading-relaxed text-muted-foreground sm:text-lg">
          {t("hero.text")}
        </p>
        {/* On a phone the plans fill a screen or two; the questions are one tap away. */}
        <nav aria-label={t("hero.jumpLabel")} className="mt-6 flex flex-wrap justify-center gap-3">
          <a href="#plans-title" className="btn-outline">
            {t("hero.toPlans")}
          </a>
          <a href="#questions-title" className="btn-outline" data-testid="to-questions">
            {t("hero.toQuestions")}
          </a>
        </nav>
      </div>
    </section>
  );
}

function Plans({ plans }: { plans: Plan[] }) {
  const { t } = useTranslation(["faq", "plans"]);
  return (
    <section className="container py-12 sm:py-16" aria-labelledby="plans-title">
      <div className="text-center">
        <h2 id="plans-title" className="scroll-mt-24 text-2xl font-bold tracking-tight sm:text-3xl">
          {t("plans.title")}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-balance text-muted-foreground">
          {t("plans.subtitle")}
        </p>
      </div>
      {/* Room above the row for the daily card's "popular" badge. */}
      {/* On a phone the cards are a row to swipe, so the questions are not four cards down. */}
      <ul
        className="-mx-4 mt-8 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-4 pt-4 sm:mx-0 sm:mt-12 sm:grid sm:grid-cols-2 sm:gap-x-6 sm:gap-y-10 sm:overflow-visible sm:p-0 xl:grid-cols-4"
        data-testid="plan-list"
      >
        {plans.map((plan) => (
          <li
            key={plan.tier}
            className="w-[82%] max-w-sm shrink-0 snap-center sm:w-auto sm:max-w-none"
          >
            <PlanCard
              plan={plan}
              action={
                <Link
                  to={`/post-story?tier=${plan.tier}`}
                  className={`${plan.popular ? "btn-primary" : "btn-outline"} w-full py-3`}
                >
                  {t("plans:choose")}
                  <span className="sr-only"> — {t(`plans:tiers.${plan.tier}.name`)}</span>
                </Link>
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Payment({
  payee,
}: {
  payee: { bank_name: string; bank_account: string; account_name: string };
}) {
  const { t } = useTranslation(["faq", "plans"]);
  const steps = ["choose", "transfer", "review"] as const;
  const rowClass =
    "flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4";
  const rows = [
    { label: t("payment.bank"), value: bankDisplayName(t, payee.bank_name) },
    { label: t("payment.account"), value: payee.bank_account, mono: true },
    { label: t("payment.accountName"), value: accountDisplayName(t, payee.account_name) },
  ];
  return (
    <section className="container pb-12 sm:pb-16" aria-labelledby="payment-title">
      <div className="card grid gap-8 p-5 sm:p-8 md:grid-cols-2 md:gap-10">
        <div>
          <h2 id="payment-title" className="text-xl font-bold tracking-tight sm:text-2xl">
            {t("payment.title")}
          </h2>
          <p className="mt-2 leading-relaxed text-muted-foreground">{t("payment.text")}</p>
          <ol className="mt-6 space-y-4">
            {steps.map((step, index) => (
              <li key={step} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5 leading-relaxed">{t(`payment.steps.${step}`)}</span>
              </li>
            ))}
          </ol>
        </div>
        <div className="rounded-xl border border-border bg-secondary/50 p-5 sm:p-6">
          <h3 className="text-lg font-semibold">{t("payment.accountTitle")}</h3>
          <dl className="mt-4 divide-y divide-border" data-testid="payee">
            {rows.map((row) => (
              <div key={row.label} className={rowClass}>
                <dt className="text-sm text-muted-foreground">{row.label}</dt>
                <dd
                  className={`font-semibold sm:text-right ${row.mono ? "select-all font-mono text-lg tracking-wider" : ""}`}
                >
                  {row.value}
                </dd>
              </div>
            ))}
            <div className={rowClass}>
              <dt className="text-sm text-muted-foreground">{t("payment.reference")}</dt>
              <dd className="text-sm italic sm:text-right">{t("payment.referenceValue")}</dd>
            </div>
          </dl>
          <p className="mt-4 text-sm leading-relaxed text-muted-foreground">{t("payment.note")}</p>
        </div>
      </div>
    </section>
  );
}

/**
 * Native <details>: the same accordion with JavaScript on and off, and no script to load
 * (docs/decisions/006-faq-accordion.md).
 */
function Questions({ items }: { items: { key: string; question: string; answer: string }[] }) {
  const { t } = useTranslation("faq");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <section className="container max-w-3xl pb-16" aria-labelledby="questions-title">
      <h2
        id="questions-title"
        className="scroll-mt-24 text-center text-2xl font-bold tracking-tight sm:text-3xl"
      >
        {t("questions.title")}
      </h2>
      {items.length === 0 ? (
        <p className="mt-6 text-center text-muted-foreground">{t("questions.empty")}</p>
      ) : (
        <div className="card mt-8 divide-y divide-border overflow-hidden">
          {items.map((item) => (
            <details key={item.key} id={`faq-${item.key}`} className="group" data-testid="faq-item">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold transition-colors hover:bg-muted/60 focus-visible:ring-inset focus-visible:ring-offset-0 sm:px-6 [&::-webkit-details-marker]:hidden">
                <span>{item.question}</span>
                <ChevronRightIcon
                  width={18}
                  height={18}
                  className="shrink-0 text-muted-foreground transition-transform group-open:rotate-90"
                />
              </summary>
              <div className="space-y-3 px-5 pb-5 leading-relaxed text-muted-foreground sm:px-6">
                {item.answer
                  .split(/\n+/)
                  .filter((line) => line.trim())
                  .map((line, index) => (
                    <p key={index}>{line}</p>
                  ))}
              </div>
            </details>
          ))}
        </div>
      )}
      {root ? (
        <div className="mt-8 rounded-2xl bg-secondary/60 p-6 text-center">
          <h3 className="text-lg font-semibold">{t("questions.moreTitle")}</h3>
          <p className="mt-1 text-muted-foreground">{t("questions.moreText")}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <a href={`mailto:${root.contact.email}`} className="btn-outline">
              <MailIcon width={16} height={16} />
              {root.contact.email}
            </a>
            <a href={`tel:${root.contact.phone.replace(/\s+/g, "")}`} className="btn-outline">
              <PhoneIcon width={16} height={16} />
              {root.contact.phone}
            </a>
          </div>
        </div>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);

export const handle = { i18n: ["common", "faq", "plans"], sharedCache: true };

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage status={errorStatus(error)} />;
}
