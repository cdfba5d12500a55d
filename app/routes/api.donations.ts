import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { siteDonations } from "~/api/donations.server";

/** /api/donations: declared in app/api/donations.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => siteDonations.loader(args);
export const action = (args: ActionFunctionArgs) => siteDonations.action(args);
