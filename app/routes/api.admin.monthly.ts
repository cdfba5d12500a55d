import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { adminMonthlyCall } from "~/api/admin-monthly.server";

/** /api/admin/monthly: declared in app/api/admin-monthly.server.ts (methods, access, answers). */
export const loader = (args: LoaderFunctionArgs) => adminMonthlyCall.loader(args);
export const action = (args: ActionFunctionArgs) => adminMonthlyCall.action(args);
