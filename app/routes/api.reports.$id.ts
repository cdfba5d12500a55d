import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { reportById } from "~/api/reports.server";

/** /api/reports/{id}: declared in app/api/reports.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => reportById.loader(args);
export const action = (args: ActionFunctionArgs) => reportById.action(args);
