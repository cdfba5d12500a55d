import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { recentPoolDonations } from "~/api/pools.server";

/** /api/donation-pools/{id}/recent-donations: declared in app/api/pools.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => recentPoolDonations.loader(args);
export const action = (args: ActionFunctionArgs) => recentPoolDonations.action(args);
