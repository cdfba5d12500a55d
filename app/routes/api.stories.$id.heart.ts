import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { storyHeart } from "~/api/stories.server";

/** /api/stories/{id}/heart: declared in app/api/stories.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => storyHeart.loader(args);
export const action = (args: ActionFunctionArgs) => storyHeart.action(args);
