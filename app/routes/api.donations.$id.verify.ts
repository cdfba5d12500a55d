import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { decideGeneralDonation } from "~/models/donations.server";
import { apiJson } from "~/utils/http.server";
import { idOr404 } from "~/utils/params.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["POST", "PATCH"] as const satisfies Methods;

/**
 * PATCH /api/donations/{id}/verify (admin): verifys a pending donation to the site itself (spec 02 §3
 * donations). Not in the spec's call list, which only names pool pledges; added so that every
 * action of the admin screen has its /api twin (decision 010). Exactly once: 409 after.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const id = idOr404(params.id, "donate:errors.donationNotFound");
    return apiJson(await decideGeneralDonation(id, "verified", admin));
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
