import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { storyCollection } from "~/api/story-list.server";

/** /api/stories: declared in app/api/story-list.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => storyCollection.loader(args);
export const action = (args: ActionFunctionArgs) => storyCollection.action(args);
