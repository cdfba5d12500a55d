import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { poolLedgerCall } from "~/api/ledger.server";

/** /api/donation-pools/{id}/ledger: declared in app/api/ledger.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => poolLedgerCall.loader(args);
export const action = (args: ActionFunctionArgs) => poolLedgerCall.action(args);
