import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { poolCollection } from "~/api/pool-list.server";

/** /api/donation-pools: declared in app/api/pool-list.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => poolCollection.loader(args);
export const action = (args: ActionFunctionArgs) => poolCollection.action(args);
