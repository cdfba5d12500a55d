import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { regularStories } from "~/api/stories.server";

/** /api/stories/regular: declared in app/api/stories.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => regularStories.loader(args);
export const action = (args: ActionFunctionArgs) => regularStories.action(args);
