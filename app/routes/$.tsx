import { ErrorPage } from "~/components/error-page";

/** Every path no other route claims: the spec's not-found page, with a real 404 status. */
export async function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}

export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}
