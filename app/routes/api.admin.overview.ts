import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { adminOverviewCall } from "~/api/admin-overview.server";

/** /api/admin/overview: declared in app/api/admin-overview.server.ts (methods, access, answers). */
export const loader = (args: LoaderFunctionArgs) => adminOverviewCall.loader(args);
export const action = (args: ActionFunctionArgs) => adminOverviewCall.action(args);
