import type { Language } from "~/constants";
import { translatorFor } from "~/i18next.server";
import { THEME_COLORS } from "~/lib/web-app";

/** The icons in public/, made by scripts/make-icons.mjs from the logo. */
export const MANIFEST_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  {
    src: "/icons/icon-monochrome-512.png",
    sizes: "512x512",
    type: "image/png",
    purpose: "monochrome",
  },
] as const;

/**
 * The web app manifest in one language (decision 064). Every address in it is relative to the
 * site, so the answer is the same whatever Host it was asked under and a shared cache may keep it.
 */
export async function webManifest(lng: Language) {
  const t = (await translatorFor(lng)).t;
  return {
    // One id for both languages: the app installed from an English page is the same app.
    id: "/",
    name: t("common:brand.name"),
    short_name: t("common:brand.name"),
    description: t("common:meta.description"),
    lang: lng,
    dir: "ltr",
    // Plain "/": a marker in the query would be another key in the front's cache.
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: THEME_COLORS.light,
    theme_color: THEME_COLORS.light,
    categories: ["social", "lifestyle"],
    icons: MANIFEST_ICONS,
  };
}

/** Kept by browsers and the front for an hour, as remix-serve keeps the icons in public/. */
export async function manifestResponse(lng: Language): Promise<Response> {
  return new Response(JSON.stringify(await webManifest(lng)), {
    headers: {
      "Content-Type": "application/manifest+json",
      "Cache-Control": "public, max-age=3600, s-maxage=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
