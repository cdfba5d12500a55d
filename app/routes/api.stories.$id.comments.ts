import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { storyComments } from "~/api/stories.server";

/** /api/stories/{id}/comments: declared in app/api/stories.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => storyComments.loader(args);
export const action = (args: ActionFunctionArgs) => storyComments.action(args);
