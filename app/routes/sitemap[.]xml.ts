import type { LoaderFunctionArgs } from "@remix-run/node";
import { absoluteLinksCacheControl, siteOrigin } from "~/http/origin.server";
import { listAuthorPaths } from "~/models/authors.server";
import { listPublishedForFeed } from "~/models/stories.server";

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
/** A sitemap file holds at most 50,000 URLs: stories first, then authors' pages in what is left. */
const MAX_URLS = 50_000;
const MAX_STORIES = 45_000;

/** Sitemap of the public pages, every approved story and the pages of their authors. */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = siteOrigin(request);
  const stories = await listPublishedForFeed(MAX_STORIES);
  const authors = await listAuthorPaths(MAX_URLS - STATIC_PATHS.length - stories.length);
  const urls = [
    ...STATIC_PATHS.map((p) => `  <url><loc>${origin}${p}</loc></url>`),
    ...authors.map((p) => `  <url><loc>${origin}${p}</loc></url>`),
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
