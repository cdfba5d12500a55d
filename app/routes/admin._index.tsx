import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OverviewSeriesCard } from "~/components/admin/overview/overview-series";
import { OverviewWaits } from "~/components/admin/overview/overview-waits";
import { getT } from "~/i18next.server";
import { formatDate } from "~/lib/format";
import { metaFrom, pageMeta } from "~/lib/meta";
import { adminOverview } from "~/models/admin-overview.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * /admin (issue 42 item 5): the overview. What waits, each a link to its tab, then the last 90
 * days as charts drawn on the server, each with its table; links only, so it reads the same
 * without JavaScript. The approvals queue, which /admin used to open, is the next tab.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request, ["common", "admin"]);
  return {
    meta: pageMeta(t, "admin:overview.metaTitle", "admin:meta.description"),
    overview: await adminOverview(),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaFrom(data),
  { name: "robots", content: "noindex" },
];
export const handle = { i18n: ["common", "admin", "charts"] };

export default function AdminOverview() {
  const { t, i18n } = useTranslation("admin");
  const { overview } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <OverviewWaits waits={overview.waits} />
      <section aria-labelledby="overview-days">
        <h2 id="overview-days" className="text-lg font-semibold">
          {t("overview.days.heading")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t("overview.days.range", {
            from: formatDate(overview.from, i18n.language),
            to: formatDate(overview.to, i18n.language),
          })}
        </p>
        <ul className="mt-3 grid gap-4 lg:grid-cols-2">
          {overview.series.map((s) => (
            <OverviewSeriesCard key={s.key} series={s} />
          ))}
        </ul>
      </section>
    </div>
  );
}
