import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { userPassword } from "~/api/accounts.server";

/** /api/user/password: declared in app/api/accounts.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => userPassword.loader(args);
export const action = (args: ActionFunctionArgs) => userPassword.action(args);
