import { Link } from "@remix-run/react";

export function SectionHeading({
  id,
  title,
  subtitle,
  link,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  link?: { to: string; label: string };
  children?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {subtitle ? <p className="mt-1 text-muted-foreground">{subtitle}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {children}
        {link ? (
          <Link to={link.to} className="text-sm font-semibold text-primary hover:underline">
            {link.label} →
          </Link>
        ) : null}
      </div>
    </div>
  );
}
