import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { storyStatsCall } from "~/api/story-stats.server";

/** /api/stories/{id}/stats: declared in app/api/story-stats.server.ts (methods, access, answers). */
export const loader = (args: LoaderFunctionArgs) => storyStatsCall.loader(args);
export const action = (args: ActionFunctionArgs) => storyStatsCall.action(args);
