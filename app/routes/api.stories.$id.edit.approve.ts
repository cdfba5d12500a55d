import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { approveStoryEditCall } from "~/api/story-edits.server";

/** /api/stories/{id}/edit/approve: declared in app/api/story-edits.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => approveStoryEditCall.loader(args);
export const action = (args: ActionFunctionArgs) => approveStoryEditCall.action(args);
