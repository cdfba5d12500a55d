import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { hrefWith, landOnValidPage, pageParam } from "~/components/admin/stories/list-params";
import { type AdminStoryRow, StoriesTable } from "~/components/admin/stories/stories-table";
import { Pagination } from "~/components/pagination";
import { EmptyState } from "~/components/section-error";
import { ADMIN_STORY_FILTERS, listStoriesForAdmin, oneOf } from "~/models/admin-stories.server";
import { redirectWithToast } from "~/models/sessions.server";
import { runStoryIntent } from "~/screens/admin/story-intents.server";
import { adminAction } from "~/web/admin.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * Stories (spec 02 §2): every story, newest first, 10 a page, searched over title, author and
 * text in any letter case (Cyrillic too) and filtered all / approved / featured / regular — all
 * in the URL (?search=…&filter=…&page=N), from a plain GET form. Delete posts here.
 */
const PAGE_SIZE = 10;
const SEARCH_MAX = 100;

function listFor(url: URL) {
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, SEARCH_MAX);
  const filter = oneOf(ADMIN_STORY_FILTERS, url.searchParams.get("filter"), "all");
  return {
    search,
    filter,
    list: () => listStoriesForAdmin(search, filter, pageParam(url.searchParams), PAGE_SIZE),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { search, filter, list } = listFor(new URL(request.url));
  const result = await list();
  const stories: AdminStoryRow[] = result.items.map((s) => ({
    id: s.id,
    title: s.title,
    author: s.author,
    pricing_tier: s.pricing_tier,
    status: s.status,
    submitted_at: s.submitted_at,
  }));
  return {
    // The choices travel with the data: the list lives in a server-only module.
    filters: ADMIN_STORY_FILTERS,
    search,
    filter,
    stories,
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
  };
}

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, async ({ request, form, admin }) => {
    const toast = await runStoryIntent(form, admin, ["delete"]);
    // Deleting the last story of the last page would leave an empty page: land on the one before.
    const { pageCount } = await listFor(new URL(request.url)).list();
    return redirectWithToast(request, landOnValidPage(request.url, pageCount), toast);
  });

export const handle = { i18n: ["common", "admin", "stories", "plans"] };

const TYPING_PAUSE_MS = 400;

export default function AdminStories() {
  const { t } = useTranslation("admin");
  const { filters, search, filter, stories, total, page, pageCount } =
    useLoaderData<typeof loader>();
  const { pathname, search: query } = useLocation();
  const params = new URLSearchParams(query);
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const input = useRef<HTMLInputElement>(null);

  // Back/forward changes the URL under the box: show what the list is searched for, unless the
  // admin is typing in it right now.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = search;
  }, [search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Typing replaces the history entry (one per search, not per letter); a filter change adds one.
  const submitSoon = (form: HTMLFormElement, typed: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => submit(form, { replace: typed, preventScrollReset: true }),
      typed ? TYPING_PAUSE_MS : 0,
    );
  };

  return (
    <section aria-labelledby="stories-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="stories-title" className="text-xl font-semibold">
            {t("stories.title")}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="stories-count">
            {t("stories.count", { count: total })}
          </p>
        </div>
      </div>

      <Form
        method="get"
        role="search"
        className="card mt-4 grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
        onChange={(event) => {
          const typed = (event.target as HTMLElement).getAttribute("name") === "search";
          submitSoon(event.currentTarget, typed);
        }}
        onSubmit={() => clearTimeout(timer.current)}
      >
        <div>
          <label htmlFor="admin-story-search" className="label">
            {t("stories.search.label")}
          </label>
          <input
            ref={input}
            id="admin-story-search"
            type="search"
            name="search"
            defaultValue={search}
            maxLength={SEARCH_MAX}
            placeholder={t("stories.search.placeholder")}
            className="input"
            autoComplete="off"
          />
        </div>
        <div>
          <label htmlFor="admin-story-filter" className="label">
            {t("stories.filter.label")}
          </label>
          <select
            id="admin-story-filter"
            name="filter"
            defaultValue={filter}
            key={filter}
            className="input"
          >
            {filters.map((value) => (
              <option key={value} value={value}>
                {t(`stories.filter.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn-primary flex-1 sm:flex-none">
            {t("stories.search.submit")}
          </button>
          {search || filter !== "all" ? (
            <Link to={pathname} className="btn-outline flex-1 sm:flex-none">
              {t("stories.search.clear")}
            </Link>
          ) : null}
        </div>
      </Form>

      {stories.length === 0 ? (
        <div className="mt-6">
          <EmptyState>
            {search ? t("stories.emptySearch", { search }) : t("stories.empty")}
          </EmptyState>
        </div>
      ) : (
        <div className="card mt-6">
          <StoriesTable stories={stories} />
        </div>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(p) => hrefWith(pathname, params, { page: p }, { filter: "all" })}
      />
    </section>
  );
}
