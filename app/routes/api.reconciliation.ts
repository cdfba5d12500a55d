import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { reconciliation } from "~/api/reconciliation.server";

/** /api/reconciliation: declared in app/api/reconciliation.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => reconciliation.loader(args);
export const action = (args: ActionFunctionArgs) => reconciliation.action(args);
