import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { decidePoolDonation } from "~/models/donations.server";
import { apiJson, HttpError } from "~/utils/http.server";
import { apiAction } from "~/utils/route.server";

/**
 * PATCH /api/donation-pools/{poolId}/donations/{donationId}/verify (admin, spec 02 §7).
 * Verified exactly once: a second call answers 409 and changes nothing.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request, params }) => {
    if (request.method !== "PATCH" && request.method !== "POST")
      throw new HttpError(405, "errors.methodNotAllowed");
    const admin = await requireApiAdmin(request);
    return apiJson(
      await decidePoolDonation(Number(params.id), Number(params.donationId), "verified", admin),
    );
  });
