import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { rejectPledge } from "~/api/donations.server";

/** /api/donation-pools/{id}/donations/{donationId}/reject: declared in app/api/donations.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => rejectPledge.loader(args);
export const action = (args: ActionFunctionArgs) => rejectPledge.action(args);
