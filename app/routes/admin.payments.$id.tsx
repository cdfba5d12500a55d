import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hrefWith } from "~/components/admin/stories/list-params";
import {
  DetailsPanel,
  type PaymentDetails,
  PaymentDetailsBody,
} from "~/components/admin/stories/payment-details";
import { idParam } from "~/http/params.server";
import { qpayFactsOf } from "~/models/admin-qpay.server";
import { getStoryForAdmin } from "~/models/admin-stories.server";
import { getPremiumSettings } from "~/models/settings.server";
import { runStoryIntent } from "~/screens/admin/story-intents.server";
import { adminAction } from "~/web/admin.server";
import { requireAdmin } from "~/web/auth.server";

/**
 * A premium payment's details over the payments list (spec 02 §2 "details dialog"), at its own
 * URL so it is bookmarkable and works without JavaScript; Verify payment posts here and comes
 * back to it with the toast.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = idParam(params.id) ?? 0;
  const [story, premium, qpay] = await Promise.all([
    getStoryForAdmin(id),
    getPremiumSettings(),
    qpayFactsOf("story", [id]),
  ]);
  // Free stories have no payment: nothing to show here.
  if (!story || story.pricing_tier === "free") {
    throw new Response(null, { status: 404, statusText: "Not Found" });
  }
  const tier = story.pricing_tier;
  const details: PaymentDetails = {
    id: story.id,
    title: story.title,
    author: story.author,
    pricing_tier: tier,
    status: story.status,
    payment_status: story.payment_status,
    payment_reference: story.payment_reference,
    bank_name: story.bank_name,
    bank_account: story.bank_account,
    account_name: story.account_name,
    submitted_at: story.submitted_at,
    price: story.price,
    current_price: premium.prices[tier],
    days: premium.days[tier],
    refunded_at: story.refunded_at,
    rejection_reason: story.rejection_reason,
    rejection_note: story.rejection_note,
    qpay: qpay.get(story.id) ?? null,
  };
  return { story: details };
}

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, async ({ form, admin }) => runStoryIntent(form, admin, ["verify", "refund"]));

export const handle = { i18n: ["common", "admin", "stories", "plans"] };

/** The list the panel sits on, with its filter and page. */
function useCloseHref() {
  const params = new URLSearchParams(useLocation().search);
  return hrefWith("/admin/payments", params, { page: params.get("page") });
}

export default function PaymentDetailsRoute() {
  const { t } = useTranslation("admin");
  const { story } = useLoaderData<typeof loader>();
  return (
    <DetailsPanel closeHref={useCloseHref()} title={t("payments.dialog.title")}>
      <PaymentDetailsBody story={story} />
    </DetailsPanel>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("admin");
  const error = useRouteError();
  const closeHref = useCloseHref();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <DetailsPanel closeHref={closeHref} title={t("payments.dialog.title")}>
      <p role="alert" className="mt-4 text-sm text-destructive">
        {missing ? t("errors.notFound") : t("toast.unknownError")}
      </p>
    </DetailsPanel>
  );
}
