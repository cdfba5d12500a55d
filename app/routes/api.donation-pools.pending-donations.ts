import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pendingPledges } from "~/api/donations.server";

/** /api/donation-pools/pending-donations: declared in app/api/donations.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => pendingPledges.loader(args);
export const action = (args: ActionFunctionArgs) => pendingPledges.action(args);
