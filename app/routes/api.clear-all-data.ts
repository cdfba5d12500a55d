import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { clearData } from "~/api/admin.server";

/** /api/clear-all-data: declared in app/api/admin.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => clearData.loader(args);
export const action = (args: ActionFunctionArgs) => clearData.action(args);
