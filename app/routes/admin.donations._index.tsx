import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireAdmin } from "~/web/auth.server";

/** /admin/donations opens the pools sub-tab. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/donations/pools");
}
