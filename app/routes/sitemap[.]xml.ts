import type { LoaderFunctionArgs } from "@remix-run/node";
import { listPublishedForFeed } from "~/models/stories.server";
import { absoluteLinksCacheControl, siteOrigin } from "~/utils/origin.server";

const STATIC_PATHS = [
  "/",
  "/stories/all",
  "/stories/featured",
  "/faq",
  "/donation-pools",
  "/privacy",
  "/terms",
  "/cookies",
];
/** A sitemap file holds at most 50,000 URLs. */
const MAX_STORIES = 45_000;

/** Sitemap of the public pages and every approved story. */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = siteOrigin(request);
  const stories = await listPublishedForFeed(MAX_STORIES);
  const urls = [
    ...STATIC_PATHS.map((p) => `  <url><loc>${origin}${p}</loc></url>`),
    ...stories.map(
      (s) =>
        `  <url><loc>${origin}/stories/${s.id}</loc><lastmod>${(s.approved_at ?? s.submitted_at).slice(0, 10)}</lastmod></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": absoluteLinksCacheControl("public, max-age=3600"),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
