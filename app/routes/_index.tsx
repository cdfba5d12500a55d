import type { MetaFunction } from "@remix-run/node";
import {
  Link,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FeaturedCarousel } from "~/components/featured-carousel";
import { HeartIcon, PenIcon, PhoneIcon } from "~/components/icons";
import { Pagination } from "~/components/pagination";
import { PoolCard } from "~/components/pool-card";
import { GivingTotalsBar } from "~/components/pools/giving-totals";
import { EmptyState, SectionError } from "~/components/section-error";
import { SectionHeading } from "~/components/section-heading";
import { StoryCard, StoryCardSkeleton } from "~/components/story-card";
import { StoryFilterForm } from "~/components/story-filter";
import { metaFrom } from "~/lib/meta";
import { homeLoader } from "~/loaders/home.server";
import type { StoryFilter } from "~/models/stories.server";
import type { loader as rootLoader } from "~/root";

export const loader = homeLoader;

export const handle = { i18n: ["common", "stories"], sharedCache: true };

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

function FeaturedSection() {
  const { t } = useTranslation("stories");
  const { featured } = useLoaderData<typeof loader>();
  return (
    <section className="container pt-14" aria-labelledby="featured-title">
      <SectionHeading
        id="featured-title"
        title={t("featured.title")}
        subtitle={t("featured.subtitle")}
        link={{ to: "/stories/featured", label: t("featured.viewAll") }}
      />
      {!featured.ok ? (
        <SectionError />
      ) : featured.data.items.length === 0 ? (
        <EmptyState>{t("featured.empty")}</EmptyState>
      ) : (
        <FeaturedCarousel stories={featured.data.items} />
      )}
    </section>
  );
}

/** The link to a page of the home list, keeping the filter; the anchor brings no-JS readers back to the list. */
function homeHref(filter: StoryFilter, page: number) {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/${query ? `?${query}` : ""}#stories`;
}

function RegularSection() {
  const { t } = useTranslation("stories");
  const { regular, filter } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  // The spec's 6 placeholders, while a new filter or page of this list is loading.
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === "/" &&
    location.pathname === "/" &&
    navigation.location.search !== location.search;
  return (
    <section className="container scroll-mt-20 pt-16" id="stories" aria-labelledby="stories-title">
      <SectionHeading
        id="stories-title"
        title={t("regular.title")}
        subtitle={t("regular.subtitle")}
        link={{ to: "/stories/all", label: t("regular.viewAll") }}
      >
        <StoryFilterForm filter={filter} action="/" anchor="stories" />
      </SectionHeading>
      {loading ? (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <StoryCardSkeleton />
            </li>
          ))}
        </ul>
      ) : !regular.ok ? (
        <SectionError />
      ) : regular.data.items.length === 0 ? (
        <EmptyState>{t("regular.empty")}</EmptyState>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {regular.data.items.map((story) => (
              <li key={story.id}>
                <StoryCard story={story} />
              </li>
            ))}
          </ul>
          <Pagination
            page={regular.data.page}
            pageCount={regular.data.pageCount}
            hrefFor={(p) => homeHref(filter, p)}
          />
        </>
      )}
    </section>
  );
}

function PoolsSection() {
  const { t } = useTranslation("stories");
  const { pools, giving } = useLoaderData<typeof loader>();
  return (
    <section className="container py-16" aria-labelledby="pools-title">
      <SectionHeading
        id="pools-title"
        title={t("pools.title")}
        subtitle={t("pools.subtitle")}
        link={{ to: "/donation-pools", label: t("pools.viewAll") }}
      />
      {giving.ok && giving.data.gifts > 0 ? (
        <div className="mb-6">
          <GivingTotalsBar totals={giving.data} />
        </div>
      ) : null}
      {!pools.ok ? (
        <SectionError message={t("pools.fetchError")} />
      ) : pools.data.length === 0 ? (
        <EmptyState>{t("pools.empty")}</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {pools.data.map((pool) => (
            <li key={pool.id}>
              <PoolCard pool={pool} />
            </li>
          ))}
        </ul>
      )}
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
      <FeaturedSection />
      <RegularSection />
      <PoolsSection />
      <AdvertisingBanner />
    </>
  );
}
