import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { featuredStories } from "~/api/stories.server";

/** /api/stories/featured: declared in app/api/stories.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => featuredStories.loader(args);
export const action = (args: ActionFunctionArgs) => featuredStories.action(args);
