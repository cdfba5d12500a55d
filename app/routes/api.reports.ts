import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { reportCollection } from "~/api/reports.server";

/** /api/reports: declared in app/api/reports.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => reportCollection.loader(args);
export const action = (args: ActionFunctionArgs) => reportCollection.action(args);
