import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { dismissLine } from "~/api/reconciliation.server";

/** /api/statement-lines/{id}/dismiss: declared in app/api/reconciliation.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => dismissLine.loader(args);
export const action = (args: ActionFunctionArgs) => dismissLine.action(args);
