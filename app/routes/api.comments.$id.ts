import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { commentById } from "~/api/stories.server";

/** /api/comments/{id}: declared in app/api/stories.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => commentById.loader(args);
export const action = (args: ActionFunctionArgs) => commentById.action(args);
