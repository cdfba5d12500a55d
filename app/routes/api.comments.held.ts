import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { heldComments } from "~/api/comment-review.server";

/** /api/comments/held: declared in app/api/comment-review.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => heldComments.loader(args);
export const action = (args: ActionFunctionArgs) => heldComments.action(args);
