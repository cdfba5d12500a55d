import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { decidePoolDonation } from "~/models/donations.server";
import { apiJson } from "~/utils/http.server";
import { idOr404 } from "~/utils/params.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["POST", "PATCH"] as const satisfies Methods;

/**
 * PATCH /api/donation-pools/{poolId}/donations/{donationId}/reject (admin, spec 02 §7).
 * Rejected exactly once: a second call answers 409 and changes nothing.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    return apiJson(
      await decidePoolDonation(
        idOr404(params.id, "pools:errors.notFound"),
        idOr404(params.donationId, "donate:errors.donationNotFound"),
        "rejected",
        admin,
      ),
    );
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
