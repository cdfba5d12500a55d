import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { verifyDonation } from "~/api/donations.server";

/** /api/donations/{id}/verify: declared in app/api/donations.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => verifyDonation.loader(args);
export const action = (args: ActionFunctionArgs) => verifyDonation.action(args);
