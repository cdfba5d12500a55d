import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireAdmin } from "~/web/auth.server";

/** /admin opens the approvals tab (the day's queue). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/approvals");
}
