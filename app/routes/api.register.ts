import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { register } from "~/api/accounts.server";

/** /api/register: declared in app/api/accounts.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => register.loader(args);
export const action = (args: ActionFunctionArgs) => register.action(args);
