import { useId } from "react";
import { useTranslation } from "react-i18next";

/** The brand: an open book whose pages form a drop (the footer's "drop by drop, a sea"). */
export function Logo({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  // One gradient id per logo on the page (header and footer): ids must be unique, and a hidden
  // copy's gradient can blank the visible one. useId's colons are left out of the url() reference.
  const gradient = `logo-g${useId().replace(/:/g, "")}`;
  return (
    <span className={`flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="rgb(var(--primary))" />
            <stop offset="1" stopColor="rgb(var(--gold))" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
        <path
          d="M16 7c-3 4.2-5.5 7.4-5.5 10.4a5.5 5.5 0 0 0 11 0C21.5 14.4 19 11.2 16 7Z"
          fill="white"
          opacity="0.95"
        />
        <path
          d="M7 22.5c3-1.2 6-1.2 9 .6 3-1.8 6-1.8 9-.6"
          stroke="white"
          strokeWidth="1.8"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span className="text-lg font-bold tracking-tight">{t("brand.name")}</span>
    </span>
  );
}
