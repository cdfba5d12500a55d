import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { decideGeneralDonation } from "~/models/donations.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { apiAction } from "~/utils/route.server";

/**
 * PATCH /api/donations/{id}/verify (admin): verifys a pending donation to the site itself (spec 02 §3
 * donations). Not in the spec's call list, which only names pool pledges; added so that every
 * action of the admin screen has its /api twin (decision 010). Exactly once: 409 after.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request, params }) => {
    if (request.method !== "PATCH" && request.method !== "POST")
      throw new HttpError(405, "errors.methodNotAllowed");
    const admin = await requireApiAdmin(request);
    const id = Number(params.id);
    if (!Number.isSafeInteger(id) || id < 1)
      throw new HttpError(404, "donate:errors.donationNotFound");
    return apiJson(await decideGeneralDonation(id, "verified", admin));
  });
