// `npm run media:gc [-- --dry-run] [-- --grace-hours=24]`: removes media nothing uses any more
// (app/models/media-gc.server.ts, docs/operations.md). Safe while the site runs. The result is
// the `media.gc` (or `media.gc.dry_run`) log line: rows, files, bytes.

import { logger } from "~/lib/logger.server";
import { collectMediaGarbage } from "~/models/media-gc.server";

const dryRun = process.argv.includes("--dry-run");
const grace = process.argv.find((arg) => arg.startsWith("--grace-hours="))?.split("=")[1];
const graceHours = grace === undefined ? 24 : Number(grace);
if (!Number.isFinite(graceHours) || graceHours < 0) {
  logger.error("media.gc.bad_argument", { graceHours: grace, expected: "hours, 0 or more" });
  process.exit(2);
}
await collectMediaGarbage({ graceHours, dryRun });
process.exit(0);
