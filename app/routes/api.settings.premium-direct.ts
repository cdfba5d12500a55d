import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { premiumSettingsDirect } from "~/api/admin.server";

/** /api/settings/premium-direct: declared in app/api/admin.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => premiumSettingsDirect.loader(args);
export const action = (args: ActionFunctionArgs) => premiumSettingsDirect.action(args);
