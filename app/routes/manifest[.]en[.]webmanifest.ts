import { manifestResponse } from "~/lib/web-manifest.server";

/** The web app manifest in English (decision 064). */
export const loader = () => manifestResponse("en");
