import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { search } from "~/api/search.server";

/** /api/search: declared in app/api/search.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => search.loader(args);
export const action = (args: ActionFunctionArgs) => search.action(args);
