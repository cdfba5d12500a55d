import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { poolFollow } from "~/api/follows.server";

/** /api/donation-pools/{id}/follow: declared in app/api/follows.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => poolFollow.loader(args);
export const action = (args: ActionFunctionArgs) => poolFollow.action(args);
