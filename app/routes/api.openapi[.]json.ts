import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { openApi } from "~/api/reference.server";

/** /api/openapi.json: declared in app/api/reference.server.ts. */
export const loader = (args: LoaderFunctionArgs) => openApi.loader(args);
export const action = (args: ActionFunctionArgs) => openApi.action(args);
