import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { poolById } from "~/api/pools.server";

/** /api/donation-pools/{id}: declared in app/api/pools.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => poolById.loader(args);
export const action = (args: ActionFunctionArgs) => poolById.action(args);
