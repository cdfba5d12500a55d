import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { storyEditsList } from "~/api/story-edits.server";

/** /api/stories/edits: declared in app/api/story-edits.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => storyEditsList.loader(args);
export const action = (args: ActionFunctionArgs) => storyEditsList.action(args);
