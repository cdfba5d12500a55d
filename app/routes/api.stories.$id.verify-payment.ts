import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { verifyStoryPaymentCall } from "~/api/stories.server";

/** /api/stories/{id}/verify-payment: declared in app/api/stories.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => verifyStoryPaymentCall.loader(args);
export const action = (args: ActionFunctionArgs) => verifyStoryPaymentCall.action(args);
