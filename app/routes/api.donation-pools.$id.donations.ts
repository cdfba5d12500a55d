import type { ActionFunctionArgs } from "@remix-run/node";
import { createPledge } from "~/models/donations.server";
import { receiptJson } from "~/utils/donation-form.server";
import { apiJson, HttpError, readJson } from "~/utils/http.server";
import { apiAction } from "~/utils/route.server";

/**
 * POST /api/donation-pools/{id}/donations (spec 02 §7): a pledge to an active pool, by anyone.
 * Body: donor_name, phone_number, amount, transaction_reference, message, display_in_leaderboard
 * (optional, default true). 201 with the pledge and its status page; 400 with field errors, 404
 * for an unknown pool, 409 for a completed or archived one, 429 with Retry-After.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, async ({ request, params }) => {
    if (request.method !== "POST") throw new HttpError(405, "errors.methodNotAllowed");
    if (!params.id || !/^\d{1,15}$/.test(params.id)) {
      throw new HttpError(404, "donate:errors.poolNotFound");
    }
    const body = await readJson(request);
    const receipt = await createPledge(Number(params.id), body, request);
    return apiJson(receiptJson(receipt, request), { status: 201 });
  });
