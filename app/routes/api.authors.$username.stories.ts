import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { authorStories } from "~/api/authors.server";

/** /api/authors/{username}/stories: declared in app/api/authors.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => authorStories.loader(args);
export const action = (args: ActionFunctionArgs) => authorStories.action(args);
