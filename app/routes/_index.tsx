import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BookIcon, HeartIcon, PenIcon, PhoneIcon } from "~/components/icons";
import { getT } from "~/i18next.server";
import type { loader as rootLoader } from "~/root";
import { metaFrom, pageMeta } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  return { meta: pageMeta(t, "home.metaTitle") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);

function Hero() {
  const { t } = useTranslation();
  return (
    <section className="relative overflow-hidden border-b border-border bg-gradient-to-b from-secondary/70 to-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -top-24 h-80 w-80 rounded-full bg-gold/20 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -left-16 bottom-0 h-64 w-64 rounded-full bg-primary/15 blur-3xl"
      />
      <div className="container relative py-16 sm:py-24">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">
          {t("home.hero.eyebrow")}
        </p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl lg:text-6xl">
          {t("home.hero.title")}{" "}
          <span className="text-primary underline decoration-gold/70 decoration-4 underline-offset-[0.2em]">
            {t("home.hero.highlight")}
          </span>
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted-foreground">
          {t("home.hero.description")}
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/post-story" className="btn-primary px-6 py-3 text-base">
            <PenIcon width={18} height={18} />
            {t("home.hero.cta")}
          </Link>
          <Link to="/faq" className="btn-outline px-6 py-3 text-base">
            {t("home.hero.secondary")}
          </Link>
        </div>
      </div>
    </section>
  );
}

function Features() {
  const { t } = useTranslation();
  const items = [
    { key: "read", Icon: BookIcon },
    { key: "write", Icon: PenIcon },
    { key: "give", Icon: HeartIcon },
  ];
  return (
    <section className="container py-14" aria-labelledby="features-title">
      <h2 id="features-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t("home.features.title")}
      </h2>
      <ul className="mt-8 grid gap-5 sm:grid-cols-3">
        {items.map((item) => (
          <li key={item.key} className="card p-6">
            <span className="grid h-11 w-11 place-items-center rounded-xl bg-secondary text-secondary-foreground">
              <item.Icon width={22} height={22} />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{t(`home.features.${item.key}.title`)}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
              {t(`home.features.${item.key}.text`)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AdvertisingBanner() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const phone = root?.contact.phone ?? "";
  return (
    <section className="container pb-4" aria-labelledby="banner-title">
      <div className="relative overflow-hidden rounded-2xl bg-gradient-to-r from-[#1d4ed8] to-[#1e3a8a] p-8 text-white shadow-lg sm:p-10 dark:from-[#1e3a8a] dark:to-[#312e81]">
        <HeartIcon
          aria-hidden="true"
          className="pointer-events-none absolute -right-6 -top-6 h-40 w-40 opacity-10"
        />
        <div className="relative flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="banner-title" className="text-2xl font-bold">
              {t("home.banner.title")}
            </h2>
            <p className="mt-2 leading-relaxed text-white/90">{t("home.banner.text")}</p>
          </div>
          <a
            href={`tel:${phone.replace(/\s+/g, "")}`}
            className="btn shrink-0 bg-white px-5 py-3 text-base text-[rgb(30_58_138)] hover:bg-white/90"
          >
            <PhoneIcon width={18} height={18} />
            {t("home.banner.cta", { phone })}
          </a>
        </div>
      </div>
    </section>
  );
}

export default function Index() {
  return (
    <>
      <Hero />
      <Features />
      <AdvertisingBanner />
    </>
  );
}
