import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { reopenLine } from "~/api/reconciliation.server";

/** /api/statement-lines/{id}/reopen: declared in app/api/reconciliation.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => reopenLine.loader(args);
export const action = (args: ActionFunctionArgs) => reopenLine.action(args);
