import type { LoaderFunctionArgs } from "@remix-run/node";
import { absoluteLinksCacheControl, siteOrigin } from "~/http/origin.server";

/** Crawlers may read the public site, not the admin, API or account pages. */
export function loader({ request }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /premium-settings-update",
    "Disallow: /profile",
    `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": absoluteLinksCacheControl("public, max-age=3600"),
    },
  });
}
