import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TimeChart } from "~/components/charts/time-chart";
import { EmptyState } from "~/components/section-error";
import { HttpError } from "~/http/http.server";
import { getT } from "~/i18next.server";
import { formatNumber } from "~/lib/format";
import { metaFrom, pageMeta } from "~/lib/meta";
import { ownStoriesStats, type Spans, storyStats } from "~/models/story-stats.server";
import { requireUser } from "~/web/auth.server";

/**
 * /profile/stats (issue 42 item 3, decision 061): each own story's reads, hearts and comments over
 * 30 and 90 days and in all; reads per day of all of them or of one (`?story=ID`); where readers
 * came from. Links, no script: it reads the same with JavaScript off.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getT(request, ["common", "stats"]);
  const number = Number(new URL(request.url).searchParams.get("story"));
  const asked = Number.isSafeInteger(number) && number > 0 ? number : null;
  const meta = pageMeta(t, "stats:metaTitle", "stats:metaDescription");
  const own = await ownStoriesStats(user, asked);
  // An administrator follows the story page's link to another author's story: that one alone.
  if (asked !== null && own.storyId === null && user.role === "admin") {
    const stats = await storyStats(user, asked).catch((error: unknown) => {
      // A story that is gone is this page's 404, not a failure of the page.
      if (error instanceof HttpError) throw new Response(null, { status: error.status });
      throw error;
    });
    const { id, title, reads, hearts, comments, perDay, sources } = stats;
    return {
      meta,
      stories: [{ id, title, reads, hearts, comments }],
      storyId: id,
      perDay,
      sources,
    };
  }
  return { meta, ...own, stories: own.stories.map(({ status: _, ...row }) => row) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);
export const handle = { i18n: ["common", "stats", "charts"] };

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function ProfileStats() {
  const { t } = useTranslation("stats");
  const data = useLoaderData<typeof loader>();
  const chosen = data.stories.find((s) => s.id === data.storyId) ?? null;
  return (
    <div className="container max-w-4xl py-8 sm:py-12">
      <p className="text-sm">
        <Link to="/profile" className="text-primary hover:underline">
          {t("back")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{t("heading")}</h1>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t("lead")}</p>
      {data.stories.length === 0 ? (
        <div className="mt-8">
          <EmptyState>
            <p>{t("empty")}</p>
          </EmptyState>
        </div>
      ) : (
        <>
          <section className="card mt-8 p-4 sm:p-6" aria-labelledby="reads-chart">
            <h2 id="reads-chart" className="break-words text-lg font-semibold">
              {chosen ? t("chart.storyHeading", { title: chosen.title }) : t("chart.allHeading")}
            </h2>
            {chosen ? (
              <p className="mt-1 text-sm">
                <Link to="/profile/stats" className="text-primary hover:underline">
                  {t("chart.showAll")}
                </Link>
              </p>
            ) : null}
            <div className="mt-4">
              <TimeChart
                label={t("chart.label")}
                testId="reads-chart"
                series={[
                  {
                    key: "reads",
                    label: t("chart.reads"),
                    kind: "bar",
                    tone: "primary",
                    points: data.perDay.map((d) => ({ day: d.day, value: d.reads })),
                  },
                ]}
              />
            </div>
          </section>
          <Sources sources={data.sources} />
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {data.stories.map((story) => (
              <StoryNumbers key={story.id} story={story} chosen={story.id === data.storyId} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function StoryNumbers({ story, chosen }: { story: Data["stories"][number]; chosen: boolean }) {
  const { t } = useTranslation("stats");
  const rows: [string, Spans][] = [
    [t("table.reads"), story.reads],
    [t("table.hearts"), story.hearts],
    [t("table.comments"), story.comments],
  ];
  return (
    <li
      className={`card p-4 ${chosen ? "border-primary" : ""}`}
      data-testid="story-stats"
      data-story={story.id}
    >
      <table className="w-full text-sm">
        <caption className="mb-2 break-words text-left text-base font-semibold">
          <Link to={`/stories/${story.id}`} className="hover:text-primary hover:underline">
            {story.title}
          </Link>
        </caption>
        <thead>
          <tr className="text-xs text-muted-foreground">
            <th scope="col" className="py-1 text-left font-medium">
              <span className="sr-only">{t("table.measure")}</span>
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t("table.last30")}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t("table.last90")}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t("table.all")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, spans]) => (
            <tr key={name} className="border-t border-border">
              <th scope="row" className="py-1.5 text-left font-medium">
                {name}
              </th>
              <td className="py-1.5 text-right tabular-nums">{formatNumber(spans.last30)}</td>
              <td className="py-1.5 text-right tabular-nums">{formatNumber(spans.last90)}</td>
              <td className="py-1.5 text-right tabular-nums">{formatNumber(spans.all)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {chosen ? null : (
        <p className="mt-3 text-sm">
          <Link
            to={`/profile/stats?story=${story.id}#reads-chart`}
            className="text-primary hover:underline"
            aria-label={t("table.showChartFor", { title: story.title })}
          >
            {t("table.showChart")}
          </Link>
        </p>
      )}
    </li>
  );
}

function Sources({ sources }: { sources: Data["sources"] }) {
  const { t } = useTranslation("stats");
  const name = (source: string) =>
    source === "direct" || source === "search" || source === "site"
      ? t(`sources.${source}`)
      : source;
  const list = (heading: string, items: Data["sources"]["last30"]) => (
    <div>
      <h3 className="text-sm font-semibold">{heading}</h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("sources.none")}</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm">
          {items.map((item) => (
            <li
              key={item.source}
              className="flex justify-between gap-3 border-t border-border py-1"
            >
              <span className="min-w-0 break-words">{name(item.source)}</span>
              <span className="tabular-nums">{formatNumber(item.reads)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
  return (
    <section className="card mt-6 p-4 sm:p-6" aria-labelledby="read-sources">
      <h2 id="read-sources" className="text-lg font-semibold">
        {t("sources.heading")}
      </h2>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        {list(t("sources.last30"), sources.last30)}
        {list(t("sources.last90"), sources.last90)}
      </div>
    </section>
  );
}
