import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createGeneralDonation } from "~/models/donations.server";
import { receiptJson } from "~/utils/donation-form.server";
import { apiJson, readJson } from "~/utils/http.server";
import { apiAction, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["POST"] as const satisfies Methods;

/**
 * POST /api/donations: a donation to the site itself (spec 02 §3 `donations`). Body: donor_name,
 * phone_number, amount (≥ 1,000), bank_name, bank_account (optional, digits),
 * transaction_reference, message, display_in_leaderboard. Answers like the pool pledge route:
 * 201 with the donation (pool_id null) and its status page; 400 with field errors; 429.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request }) => {
    const body = await readJson(request);
    const receipt = await createGeneralDonation(body, request);
    return apiJson(receiptJson(receipt, request), { status: 201 });
  });

export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args, ALLOW);
