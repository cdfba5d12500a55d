import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { premiumSettings } from "~/api/admin.server";

/** /api/settings/premium: declared in app/api/admin.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => premiumSettings.loader(args);
export const action = (args: ActionFunctionArgs) => premiumSettings.action(args);
