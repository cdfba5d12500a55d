import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { publishCommentCall } from "~/api/comment-review.server";

/** /api/comments/{id}/publish: declared in app/api/comment-review.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => publishCommentCall.loader(args);
export const action = (args: ActionFunctionArgs) => publishCommentCall.action(args);
