import type { LoaderFunctionArgs } from "@remix-run/node";
import { absoluteLinksCacheControl, siteOrigin } from "~/http/origin.server";
import { getT } from "~/i18next.server";
import { authorLabel } from "~/lib/author";
import { truncate } from "~/lib/format";
import { xmlEscape } from "~/lib/xml";
import { listPublishedForFeed } from "~/models/stories.server";

/** RSS 2.0 feed of the 50 newest approved stories, in the reader's language (mn by default). */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = siteOrigin(request);
  const t = await getT(request, ["common", "stories"]);
  const items = await listPublishedForFeed(50);
  const entries = items
    .map((s) => {
      const link = `${origin}/stories/${s.id}`;
      return `    <item>
      <title>${xmlEscape(s.title)}</title>
      <link>${link}</link>
      <guid isPermaLink="true">${link}</guid>
      <dc:creator>${xmlEscape(authorLabel(t, s.author))}</dc:creator>
      <pubDate>${new Date(s.approved_at ?? s.submitted_at).toUTCString()}</pubDate>
      <description>${xmlEscape(truncate(s.preview, 300))}</description>
    </item>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${xmlEscape(t("stories:feed.title"))}</title>
    <link>${origin}/</link>
    <description>${xmlEscape(t("stories:feed.description"))}</description>
    <language>${xmlEscape(t("common:meta.feedLanguage"))}</language>
    <atom:link href="${origin}/rss.xml" rel="self" type="application/rss+xml"/>
${entries}
  </channel>
</rss>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": absoluteLinksCacheControl("public, max-age=300"),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
