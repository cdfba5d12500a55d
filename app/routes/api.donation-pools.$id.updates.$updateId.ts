import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { poolUpdateById } from "~/api/pool-updates.server";

/** /api/donation-pools/{id}/updates/{updateId}: declared in app/api/pool-updates.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => poolUpdateById.loader(args);
export const action = (args: ActionFunctionArgs) => poolUpdateById.action(args);
