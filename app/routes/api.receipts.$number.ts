import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { receiptByNumber } from "~/api/receipts.server";

/** /api/receipts/{number}: declared in app/api/receipts.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => receiptByNumber.loader(args);
export const action = (args: ActionFunctionArgs) => receiptByNumber.action(args);
