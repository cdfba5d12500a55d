import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { approveStoryCall } from "~/api/stories.server";

/** /api/stories/{id}/approve: declared in app/api/stories.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => approveStoryCall.loader(args);
export const action = (args: ActionFunctionArgs) => approveStoryCall.action(args);
