import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { StoryFilter } from "~/models/stories.server";

const OPTIONS: StoryFilter[] = ["all", "loved", "newest"];

/**
 * The all / most loved / newest select (spec 01 §2). A GET form without a page field, so a new
 * filter always starts at page 1. Without JavaScript an Apply button submits it; with
 * JavaScript the change itself does, and the button is hidden.
 */
export function StoryFilterForm({
  filter,
  action,
  anchor,
}: {
  filter: StoryFilter;
  action: string;
  anchor?: string;
}) {
  const { t } = useTranslation("stories");
  const submit = useSubmit();
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return (
    <Form
      method="get"
      action={anchor ? `${action}#${anchor}` : action}
      preventScrollReset
      className="flex w-full flex-wrap items-center gap-2 sm:w-auto"
    >
      <label htmlFor={`filter-${action}`} className="text-sm font-medium text-muted-foreground">
        {t("filter.label")}
      </label>
      <select
        id={`filter-${action}`}
        name="filter"
        defaultValue={filter}
        key={filter}
        onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
        className="input w-auto min-w-0 flex-1 py-2 pr-8 sm:flex-none"
      >
        {OPTIONS.map((o) => (
          <option key={o} value={o}>
            {t(`filter.${o}`)}
          </option>
        ))}
      </select>
      {enhanced ? null : (
        <button type="submit" className="btn-outline py-2">
          {t("filter.apply")}
        </button>
      )}
    </Form>
  );
}
