import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { qpayCallback } from "~/api/qpay.server";

/** /api/qpay/callback/{token}: declared in app/api/qpay.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => qpayCallback.loader(args);
export const action = (args: ActionFunctionArgs) => qpayCallback.action(args);
