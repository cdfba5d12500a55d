import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { poolStatsCall } from "~/api/pool-series.server";

/** /api/donation-pools/{id}/stats: declared in app/api/pool-series.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => poolStatsCall.loader(args);
export const action = (args: ActionFunctionArgs) => poolStatsCall.action(args);
