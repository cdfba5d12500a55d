import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteCard } from "~/models/og-cards.server";
import { ogResponse } from "~/models/og-image.server";

/** The site's link-preview picture, for the home page and the lists (issue 19): 1200×630 JPEG. */
export async function loader({ request }: LoaderFunctionArgs) {
  return ogResponse(await siteCard(request), request);
}
