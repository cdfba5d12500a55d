import type { LoaderFunctionArgs } from "@remix-run/node";
import { serviceWorkerScript } from "~/http/service-worker.server";

/** /sw.js: the offline worker, or the kill switch's (decision 066). */
export const loader = ({ request }: LoaderFunctionArgs) => serviceWorkerScript(request);
