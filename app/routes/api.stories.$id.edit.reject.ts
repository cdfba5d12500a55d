import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { rejectStoryEditCall } from "~/api/story-edits.server";

/** /api/stories/{id}/edit/reject: declared in app/api/story-edits.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => rejectStoryEditCall.loader(args);
export const action = (args: ActionFunctionArgs) => rejectStoryEditCall.action(args);
