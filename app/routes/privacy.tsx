import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { ErrorPage, errorStatus } from "~/components/error-page";
import { LegalPageView } from "~/components/legal-page";
import { metaFrom } from "~/lib/meta";
import { legalLoader } from "~/loaders/legal.server";

/** /privacy: edited by administrators at /admin/pages (app/models/legal-pages.server.ts). */
export const loader = (args: LoaderFunctionArgs) => legalLoader("privacy", args);
export const meta: MetaFunction<typeof loader> = ({ data }) => metaFrom(data);
export const handle = { i18n: ["common"], sharedCache: true };

export default LegalPageView;

export function ErrorBoundary() {
  return <ErrorPage status={errorStatus(useRouteError())} />;
}
