import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { authorFollow } from "~/api/follows.server";

/** /api/authors/{username}/follow: declared in app/api/follows.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => authorFollow.loader(args);
export const action = (args: ActionFunctionArgs) => authorFollow.action(args);
