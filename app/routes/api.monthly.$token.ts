import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { monthlyByToken } from "~/api/monthly.server";

/** /api/monthly/{token}: declared in app/api/monthly.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => monthlyByToken.loader(args);
export const action = (args: ActionFunctionArgs) => monthlyByToken.action(args);
