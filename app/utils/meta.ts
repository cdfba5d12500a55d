import type { MetaDescriptor } from "@remix-run/node";
import type { TFunction } from "i18next";

export interface PageMeta {
  title: string;
  description: string;
}

/** Translated page title with the site suffix, and the description; built in the loader. */
export function pageMeta(
  t: TFunction,
  titleKey: string,
  descriptionKey = "meta.description",
): PageMeta {
  return { title: t("meta.titleTemplate", { title: t(titleKey) }), description: t(descriptionKey) };
}

/** The `meta` export of a route whose loader returns `{ meta: PageMeta }`. */
export function metaFrom(data: { meta?: PageMeta } | undefined): MetaDescriptor[] {
  if (!data?.meta) return [];
  return [
    { title: data.meta.title },
    { name: "description", content: data.meta.description },
    { property: "og:title", content: data.meta.title },
    { property: "og:description", content: data.meta.description },
  ];
}
