import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { givingTotalsCall } from "~/api/ledger.server";

/** /api/donation-pools/totals: declared in app/api/ledger.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => givingTotalsCall.loader(args);
export const action = (args: ActionFunctionArgs) => givingTotalsCall.action(args);
