import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { poolUpdatesCall } from "~/api/pool-updates.server";

/** /api/donation-pools/{id}/updates: declared in app/api/pool-updates.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => poolUpdatesCall.loader(args);
export const action = (args: ActionFunctionArgs) => poolUpdatesCall.action(args);
