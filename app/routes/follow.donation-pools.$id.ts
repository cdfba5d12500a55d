import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { idParam } from "~/http/params.server";
import { followAction } from "~/screens/follow/follow-action.server";
import { POOL_FOLLOW_CHANGES } from "~/screens/follow/follow-changes.server";
import { screenAction } from "~/web/route.server";

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

/** The Follow button of a campaign (its page, /profile): follow-action.server.ts. */
export const action = (args: ActionFunctionArgs) =>
  screenAction(
    args,
    async ({ request, params }) => {
      const id = idParam(params.id);
      if (!id) throw notFound();
      return followAction(request, { kind: "pool", id }, `/donation-pools/${id}`);
    },
    { changes: POOL_FOLLOW_CHANGES },
  );

/** Nothing to show here: the campaign's page. */
export const loader = ({ params }: ActionFunctionArgs) => {
  const id = idParam(params.id);
  return redirect(id ? `/donation-pools/${id}` : "/donation-pools");
};
