import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { authorHref } from "~/lib/author";
import { followAction } from "~/screens/follow/follow-action.server";
import { AUTHOR_FOLLOW_CHANGES } from "~/screens/follow/follow-changes.server";
import { screenAction } from "~/web/route.server";

/** The Follow button of an author (story byline, author page, /profile): follow-action.server.ts. */
export const action = (args: ActionFunctionArgs) =>
  screenAction(
    args,
    ({ request, params }) => {
      const username = params.username ?? "";
      return followAction(request, { kind: "author", username }, authorHref(username) ?? "/");
    },
    { changes: AUTHOR_FOLLOW_CHANGES },
  );

/** Nothing to show here: the author's page. */
export const loader = ({ params }: ActionFunctionArgs) =>
  redirect(authorHref(params.username ?? "") ?? "/");
