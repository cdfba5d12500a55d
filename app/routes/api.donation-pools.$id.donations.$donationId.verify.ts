import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { verifyPledge } from "~/api/donations.server";

/** /api/donation-pools/{id}/donations/{donationId}/verify: declared in app/api/donations.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => verifyPledge.loader(args);
export const action = (args: ActionFunctionArgs) => verifyPledge.action(args);
