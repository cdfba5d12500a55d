import type { LoaderFunctionArgs } from "@remix-run/node";
import { idParam } from "~/http/params.server";
import { storyCard } from "~/models/og-cards.server";
import { ogResponse } from "~/models/og-image.server";

/** The link-preview picture of a published story (issue 19): 1200×630 JPEG. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idParam(params.id);
  return ogResponse(id ? await storyCard(request, id) : null, request);
}
