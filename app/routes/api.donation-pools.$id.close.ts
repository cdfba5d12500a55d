import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { closePoolCall } from "~/api/pool-updates.server";

/** /api/donation-pools/{id}/close: declared in app/api/pool-updates.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => closePoolCall.loader(args);
export const action = (args: ActionFunctionArgs) => closePoolCall.action(args);
