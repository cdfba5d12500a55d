import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { login } from "~/api/accounts.server";

/** /api/login: declared in app/api/accounts.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => login.loader(args);
export const action = (args: ActionFunctionArgs) => login.action(args);
