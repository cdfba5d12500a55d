import type { MetaDescriptor } from "@remix-run/node";
import type { TFunction } from "i18next";

export interface PageMeta {
  title: string;
  description: string;
  /** The link-preview picture (1200×630 JPEG, app/models/og-image.server.ts) and its words. */
  image?: { url: string; alt: string };
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
    ...(data.meta.image ? imageMeta(data.meta.image) : []),
  ];
}

/** The tags of a page's link-preview picture: Open Graph and the Twitter card. */
function imageMeta({ url, alt }: { url: string; alt: string }): MetaDescriptor[] {
  return [
    { property: "og:image", content: url },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: url },
  ];
}
