import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { donationStatusCall } from "~/api/donation-status.server";

/** /api/donations/status/{token}: declared in app/api/donation-status.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => donationStatusCall.loader(args);
export const action = (args: ActionFunctionArgs) => donationStatusCall.action(args);
