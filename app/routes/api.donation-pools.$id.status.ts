import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { poolStatus } from "~/api/pools.server";

/** /api/donation-pools/{id}/status: declared in app/api/pools.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => poolStatus.loader(args);
export const action = (args: ActionFunctionArgs) => poolStatus.action(args);
