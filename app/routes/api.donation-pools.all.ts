import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { allPools } from "~/api/pools.server";

/** /api/donation-pools/all: declared in app/api/pools.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => allPools.loader(args);
export const action = (args: ActionFunctionArgs) => allPools.action(args);
