import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createPledge } from "~/models/donations.server";
import { receiptJson } from "~/utils/donation-form.server";
import { apiJson, readJson } from "~/utils/http.server";
import { idOr404 } from "~/utils/params.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["POST"] as const satisfies Methods;

/**
 * POST /api/donation-pools/{id}/donations (spec 02 §7): a pledge to an active pool, by anyone.
 * Body: donor_name, phone_number, amount, transaction_reference, message, display_in_leaderboard
 * (optional, default true). 201 with the pledge and its status page; 400 with field errors, 404
 * for an unknown pool, 409 for a completed or archived one, 429 with Retry-After.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request, params }) => {
    const id = idOr404(params.id, "donate:errors.poolNotFound");
    const body = await readJson(request);
    const receipt = await createPledge(id, body, request);
    return apiJson(receiptJson(receipt, request), { status: 201 });
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
