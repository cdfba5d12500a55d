import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { confirmReconciliation } from "~/api/reconciliation.server";

/** /api/reconciliation/confirm: declared in app/api/reconciliation.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => confirmReconciliation.loader(args);
export const action = (args: ActionFunctionArgs) => confirmReconciliation.action(args);
