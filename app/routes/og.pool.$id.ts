import type { LoaderFunctionArgs } from "@remix-run/node";
import { idParam } from "~/http/params.server";
import { poolCard } from "~/models/og-cards.server";
import { ogResponse } from "~/models/og-image.server";

/** The link-preview picture of a campaign (issue 19): 1200×630 JPEG. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = idParam(params.id);
  return ogResponse(id ? await poolCard(request, id) : null, request);
}
