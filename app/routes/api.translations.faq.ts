import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { faq } from "~/api/admin.server";

/** /api/translations/faq: declared in app/api/admin.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => faq.loader(args);
export const action = (args: ActionFunctionArgs) => faq.action(args);
