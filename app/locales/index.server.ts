import { createHash } from "node:crypto";
import enCommon from "./en/common.json";
import mnCommon from "./mn/common.json";

/** Every catalogue, bundled into the server build; the browser gets only what a page needs. */
export const resources = {
  mn: { common: mnCommon },
  en: { common: enCommon },
} as const;

export type Namespace = keyof (typeof resources)["mn"];

/** Changes whenever any catalogue changes: the cache key of /resources/locales URLs. */
export const catalogueVersion = createHash("sha256")
  .update(JSON.stringify(resources))
  .digest("hex")
  .slice(0, 12);
