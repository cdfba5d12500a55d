import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { userFollowing } from "~/api/follows.server";

/** /api/user/following: declared in app/api/follows.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => userFollowing.loader(args);
export const action = (args: ActionFunctionArgs) => userFollowing.action(args);
