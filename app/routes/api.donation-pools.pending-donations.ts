import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { listPendingPledges } from "~/models/donations.server";
import { apiJson } from "~/utils/http.server";
import { apiLoader, type Methods, methodNotAllowed } from "~/utils/route.server";

export const ALLOW = ["GET"] as const satisfies Methods;

/** GET /api/donation-pools/pending-donations (admin, spec 02 §7): pledges awaiting verification, oldest first. */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request }) => {
    await requireApiAdmin(request);
    const pledges = await listPendingPledges();
    return apiJson(pledges, { headers: { "X-Total-Count": String(pledges.length) } });
  });

export const action = (args: ActionFunctionArgs) => methodNotAllowed(args, ALLOW);
