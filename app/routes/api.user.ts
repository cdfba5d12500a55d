import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { currentUser } from "~/api/accounts.server";

/** /api/user: declared in app/api/accounts.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => currentUser.loader(args);
export const action = (args: ActionFunctionArgs) => currentUser.action(args);
