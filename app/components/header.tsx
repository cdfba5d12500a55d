import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { BellIcon, LogOutIcon, MenuIcon, PenIcon, SearchIcon } from "~/components/icons";
import { LanguageSwitch } from "~/components/language-switch";
import { Logo } from "~/components/logo";
import { HeaderSearch } from "~/components/search/header-search";
import { ThemeSwitch } from "~/components/theme-switch";
import type { Viewer } from "~/web/member-pages.server";

type HeaderUser = Viewer | null;

function navItems(user: HeaderUser) {
  return [
    { to: "/", key: "nav.home", end: true },
    { to: "/donation-pools", key: "nav.pools" },
    { to: "/faq", key: "nav.faq" },
    { to: "/post-story", key: "nav.postStory" },
    ...(user?.role === "admin" ? [{ to: "/admin", key: "nav.admin" }] : []),
    ...(user ? [{ to: "/profile", key: "nav.profile" }] : []),
  ];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-lg px-2.5 py-2 text-sm font-medium transition-colors ${
    isActive
      ? "bg-muted text-foreground"
      : "text-muted-foreground hover:bg-muted hover:text-foreground"
  }`;

/**
 * The signed-in person's avatar and name. In the desktop header the avatar alone shows (the name
 * is read out and is its title): the header must fit 1,168 px, the container's width from
 * 1,536 px, with an administrator's links in Mongolian, whatever the name (issue 41 item 2).
 */
function UserBadge({
  user,
  compact = false,
}: {
  user: NonNullable<HeaderUser>;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <span
      className="flex shrink-0 items-center gap-2"
      data-testid="current-user"
      title={compact ? user.username : undefined}
    >
      <span
        className="grid h-8 w-8 place-items-center rounded-full bg-secondary text-lg"
        role="img"
        aria-label={t("header.avatar", { username: user.username })}
      >
        {user.avatar}
      </span>
      <span className={compact ? "sr-only" : "max-w-[8rem] truncate text-sm font-medium"}>
        {user.username}
      </span>
    </span>
  );
}

/** The inbox: a bell with the number of unread notifications (a plain link: no JS needed). */
function InboxBell({ unread }: { unread: number }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/notifications"
      className="relative grid h-9 w-9 shrink-0 place-items-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
      aria-label={unread ? t("header.inboxUnread", { count: unread }) : t("header.inbox")}
      title={t("header.inbox")}
      data-testid="inbox-bell"
    >
      <BellIcon width={20} height={20} />
      {unread ? (
        <span
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 grid min-w-5 place-items-center rounded-full bg-destructive px-1 text-[11px] font-bold leading-5 text-destructive-foreground"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * In the desktop header an icon (its name read out and shown as its title: the words do not fit
 * beside an administrator's links, issue 41 item 2); in the phone menu, labelled.
 */
function LogoutButton({ labelled = false }: { labelled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/logout" className="shrink-0">
      <button
        type="submit"
        className="btn-ghost whitespace-nowrap px-2.5 py-2"
        title={t("nav.logout")}
      >
        <LogOutIcon width={18} height={18} />
        <span className={labelled ? undefined : "sr-only"}>{t("nav.logout")}</span>
      </button>
    </Form>
  );
}

/** A signed-in person's search in the desktop header: the search page, one click away. */
function SearchLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/search"
      className="grid h-9 w-9 shrink-0 place-items-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
      aria-label={t("search.label")}
      title={t("search.label")}
    >
      <SearchIcon width={18} height={18} />
    </Link>
  );
}

export function Header({ user }: { user: HeaderUser }) {
  const { t } = useTranslation();
  const location = useLocation();
  const menuRef = useRef<HTMLDetailsElement>(null);
  const items = navItems(user);
  const loginHref = `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;

  // The phone menu is a <details> element (opens without JS); close it after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [location.key]);

  return (
    <header className="sticky top-0 z-40 print:hidden border-b border-border/80 bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="container flex h-16 items-center gap-3">
        <Link
          to="/"
          className="mr-2 flex shrink-0 items-center gap-2"
          aria-label={t("nav.homeAria")}
        >
          <Logo />
        </Link>

        <nav aria-label={t("nav.main")} className="hidden items-center gap-1 xl:flex">
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              className={linkClass}
              prefetch="intent"
            >
              {t(item.key)}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto hidden items-center gap-2 xl:flex">
          {user ? <SearchLink /> : <HeaderSearch id="header-search" className="w-40 shrink-0" />}
          <LanguageSwitch />
          <ThemeSwitch />
          {user ? (
            <>
              <InboxBell unread={user.unread} />
              <UserBadge user={user} compact />
              <LogoutButton />
            </>
          ) : (
            <Link to={loginHref} className="btn-primary py-2">
              {t("nav.login")}
            </Link>
          )}
        </div>

        <div className="ml-auto flex items-center gap-2 xl:hidden">
          {user ? <InboxBell unread={user.unread} /> : null}
          {user ? (
            <span className="sm:hidden">
              <span
                className="grid h-8 w-8 place-items-center rounded-full bg-secondary text-lg"
                role="img"
                aria-label={t("header.avatar", { username: user.username })}
              >
                {user.avatar}
              </span>
            </span>
          ) : null}
          <Link to="/post-story" className="btn-primary hidden px-3 py-2 sm:inline-flex">
            <PenIcon width={16} height={16} />
            {t("nav.postStory")}
          </Link>
          <details ref={menuRef} className="group relative">
            <summary
              className="btn-outline cursor-pointer list-none px-2.5 py-2 [&::-webkit-details-marker]:hidden"
              aria-label={t("nav.menu")}
            >
              <MenuIcon />
            </summary>
            <div className="absolute right-0 top-12 w-[min(20rem,calc(100vw-2rem))] rounded-2xl border border-border bg-card p-3 shadow-xl">
              <HeaderSearch id="menu-search" className="mb-3" />
              <nav aria-label={t("nav.main")} className="flex flex-col gap-0.5">
                {items.map((item) => (
                  <NavLink key={item.to} to={item.to} end={item.end} className={linkClass}>
                    {t(item.key)}
                  </NavLink>
                ))}
              </nav>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3">
                <LanguageSwitch />
                <ThemeSwitch />
              </div>
              <div className="mt-3 border-t border-border pt-3">
                {user ? (
                  <div className="flex items-center justify-between gap-2">
                    <UserBadge user={user} />
                    <LogoutButton labelled />
                  </div>
                ) : (
                  <Link to={loginHref} className="btn-primary w-full">
                    {t("nav.login")}
                  </Link>
                )}
              </div>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
