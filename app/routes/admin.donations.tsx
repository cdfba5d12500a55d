import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { adminQueueCounts } from "~/models/admin-dashboard.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * The donations tab (spec 02 §2): sub-tabs pools, pending (with how many wait), bank-statement
 * reconciliation (issue 7), the monthly donors (issue 43) and a new pool,
 * each its own URL so that they work without JavaScript and can be bookmarked.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const counts = await adminQueueCounts();
  return { pending: counts.donations };
}

export const handle = { i18n: ["common", "admin", "stories", "donate", "plans"] };

const SUB_TABS = [
  { to: "pools", key: "pools" },
  { to: "pending", key: "pending" },
  { to: "reconcile", key: "reconcile" },
  { to: "monthly", key: "monthly" },
  { to: "new", key: "new" },
] as const;

export default function AdminDonations() {
  const { t } = useTranslation("admin");
  const { pending } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="donations-title">
      <h2 id="donations-title" className="sr-only">
        {t("donations.title")}
      </h2>
      <nav aria-label={t("donations.subnav")}>
        <ul className="inline-flex flex-wrap gap-1 rounded-xl border border-border bg-muted/50 p-1">
          {SUB_TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                prefetch="intent"
                className={({ isActive }) =>
                  `inline-flex items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium transition-colors sm:px-3 ${
                    isActive
                      ? "bg-card text-foreground shadow-sm"
                      : "text-muted-foreground hover:text-foreground"
                  }`
                }
              >
                {t(`donations.tabs.${tab.key}`)}
                {tab.key === "pending" && pending > 0 ? (
                  <>
                    <span
                      aria-hidden="true"
                      data-testid="pending-count"
                      className="rounded-full bg-primary px-1.5 py-0.5 text-xs font-semibold leading-none text-primary-foreground"
                    >
                      {pending}
                    </span>
                    <span className="sr-only">{t("nav.waiting", { count: pending })}</span>
                  </>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-5">
        <Outlet />
      </div>
    </section>
  );
}
