import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { inbox } from "~/api/inbox.server";

/** /api/notifications: declared in app/api/inbox.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => inbox.loader(args);
export const action = (args: ActionFunctionArgs) => inbox.action(args);
