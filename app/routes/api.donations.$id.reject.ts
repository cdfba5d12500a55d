import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { rejectDonation } from "~/api/donations.server";

/** /api/donations/{id}/reject: declared in app/api/donations.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => rejectDonation.loader(args);
export const action = (args: ActionFunctionArgs) => rejectDonation.action(args);
