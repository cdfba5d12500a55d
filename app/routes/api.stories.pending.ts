import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pendingStories } from "~/api/story-list.server";

/** /api/stories/pending: declared in app/api/story-list.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => pendingStories.loader(args);
export const action = (args: ActionFunctionArgs) => pendingStories.action(args);
