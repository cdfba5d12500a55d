import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { poolPledges } from "~/api/donations.server";

/** /api/donation-pools/{id}/donations: declared in app/api/donations.server.ts (methods, access, input, answers). */
export const loader = (args: LoaderFunctionArgs) => poolPledges.loader(args);
export const action = (args: ActionFunctionArgs) => poolPledges.action(args);
