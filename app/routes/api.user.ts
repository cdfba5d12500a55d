import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth.server";
import { apiJson } from "~/utils/http.server";
import { apiLoader } from "~/utils/route.server";

/** GET /api/user: the signed-in user, or 401 (spec 01 §7). */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request }) => {
    const user = await requireApiUser(request);
    return apiJson({ id: user.id, username: user.username, role: user.role });
  });
