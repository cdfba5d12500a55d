import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { logout } from "~/api/accounts.server";

/** /api/logout: declared in app/api/accounts.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => logout.loader(args);
export const action = (args: ActionFunctionArgs) => logout.action(args);
