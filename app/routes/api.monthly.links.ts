import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { monthlyLinks } from "~/api/monthly-links.server";

/** /api/monthly/links: declared in app/api/monthly-links.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => monthlyLinks.loader(args);
export const action = (args: ActionFunctionArgs) => monthlyLinks.action(args);
