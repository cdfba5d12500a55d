import { manifestResponse } from "~/lib/web-manifest.server";

/** The web app manifest in Mongolian (decision 064). */
export const loader = () => manifestResponse("mn");
