import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { storyEditCall } from "~/api/story-edits.server";

/** /api/stories/{id}/edit: declared in app/api/story-edits.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => storyEditCall.loader(args);
export const action = (args: ActionFunctionArgs) => storyEditCall.action(args);
