import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SearchIcon } from "~/components/icons";
import { SEARCH_QUERY_MAX } from "~/constants";

/** The search box of the header (issue 19): a GET form to /search, the same without JavaScript. */
export function HeaderSearch({ id, className = "" }: { id: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/search" role="search" className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        maxLength={SEARCH_QUERY_MAX}
        placeholder={t("search.open")}
        className="input h-9 w-full py-1.5 pl-3 pr-9 text-sm"
      />
      <button
        type="submit"
        className="absolute inset-y-0 right-0 grid w-9 place-items-center text-muted-foreground hover:text-foreground"
        aria-label={t("search.submit")}
      >
        <SearchIcon width={16} height={16} />
      </button>
    </Form>
  );
}
