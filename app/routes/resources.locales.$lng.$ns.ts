import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogueVersion, resources } from "~/locales/index.server";

/**
 * A catalogue for the browser's i18next (namespaces a page did not bring inline). URLs carry
 * the catalogues' version, so a matching request may be cached for good.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const lng = resources[params.lng as keyof typeof resources];
  const ns = lng?.[params.ns as keyof typeof lng];
  if (!ns) return new Response("Not found", { status: 404 });
  const versioned = new URL(request.url).searchParams.get("v") === catalogueVersion;
  return Response.json(ns, {
    headers: {
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
