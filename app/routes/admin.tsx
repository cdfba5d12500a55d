import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { type ClientLoaderFunctionArgs, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { ShieldIcon } from "~/components/page-icons";
import { getT } from "~/i18next.server";
import { formatNumber } from "~/lib/format";
import { metaFrom, pageMeta } from "~/lib/meta";
import { adminQueueCounts } from "~/models/admin-dashboard.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * The admin dashboard's frame (spec 02 §2): every tab its own URL, so tabs are bookmarkable and
 * the back button works. Anyone who is not an administrator is sent to /; each child loader and
 * action checks again, because a layout's loader does not guard its children's actions.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = await getT(request, ["common", "admin"]);
  return {
    meta: pageMeta(t, "admin:meta.title", "admin:meta.description"),
    admin: { username: admin.username },
    counts: await adminQueueCounts(),
  };
}

/**
 * Coming from a public page, the admin catalogue is not in the browser yet (it is not preloaded
 * for everyone): it is fetched alongside the data, so the tabs never show raw keys meanwhile.
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([
    serverLoader<typeof loader>(),
    i18next.loadNamespaces(handle.i18n),
  ]);
  return data;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaFrom(data),
  { name: "robots", content: "noindex" },
];
export const handle = { i18n: ["common", "admin", "stories"] };

// The overview is /admin itself: `end`, so it is not also lit on every other tab.
const TABS = [
  { to: "/admin", key: "overview", end: true },
  { to: "approvals", key: "approvals", count: "stories" },
  { to: "stories", key: "stories" },
  { to: "payments", key: "payments", count: "payments" },
  { to: "donations", key: "donations", count: "donations" },
  { to: "reports", key: "reports", count: "reports" },
  { to: "faq", key: "faq" },
  { to: "pages", key: "pages" },
  { to: "settings", key: "settings" },
  { to: "messages", key: "messages" },
  { to: "activity", key: "activity" },
] as const;

export default function AdminLayout() {
  const { t } = useTranslation("admin");
  const { counts } = useLoaderData<typeof loader>();
  return (
    <div className="container py-6 sm:py-10">
      <div className="flex items-center gap-3">
        <span className="grid h-10 w-10 place-items-center rounded-xl bg-primary/10 text-primary">
          <ShieldIcon width={20} height={20} />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
        </div>
      </div>
      <nav aria-label={t("nav.label")} className="mt-6 border-b border-border">
        <ul className="flex flex-wrap gap-x-1">
          {TABS.map((tab) => {
            const count = "count" in tab ? counts[tab.count] : 0;
            return (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  end={"end" in tab}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors ${
                      isActive
                        ? "border-primary text-primary"
                        : "border-transparent text-muted-foreground hover:text-foreground"
                    }`
                  }
                >
                  {t(`nav.${tab.key}`)}
                  {count > 0 ? (
                    <>
                      <span
                        aria-hidden="true"
                        className="rounded-full bg-primary px-1.5 py-0.5 text-xs font-semibold leading-none text-primary-foreground"
                      >
                        {formatNumber(count)}
                      </span>
                      <span className="sr-only">{t("nav.waiting", { count })}</span>
                    </>
                  ) : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
