import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { siteMonthly } from "~/api/monthly.server";

/** /api/monthly: declared in app/api/monthly.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => siteMonthly.loader(args);
export const action = (args: ActionFunctionArgs) => siteMonthly.action(args);
