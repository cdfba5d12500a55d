import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { poolMonthly } from "~/api/monthly.server";

/** /api/donation-pools/{id}/monthly: declared in app/api/monthly.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => poolMonthly.loader(args);
export const action = (args: ActionFunctionArgs) => poolMonthly.action(args);
