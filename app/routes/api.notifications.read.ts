import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { inboxRead } from "~/api/inbox.server";

/** /api/notifications/read: declared in app/api/inbox.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => inboxRead.loader(args);
export const action = (args: ActionFunctionArgs) => inboxRead.action(args);
