import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { rejectStoryCall } from "~/api/stories.server";

/** /api/stories/{id}/reject: declared in app/api/stories.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => rejectStoryCall.loader(args);
export const action = (args: ActionFunctionArgs) => rejectStoryCall.action(args);
