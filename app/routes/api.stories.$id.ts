import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { storyById } from "~/api/stories.server";

/** /api/stories/{id}: declared in app/api/stories.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => storyById.loader(args);
export const action = (args: ActionFunctionArgs) => storyById.action(args);
