// `npm run media:gc [-- --dry-run] [-- --grace-hours=24]`: removes media nothing uses any more
// (app/models/media-gc.server.ts, docs/operations.md). Safe while the site runs.
import { collectMediaGarbage } from "~/models/media-gc.server";

const dryRun = process.argv.includes("--dry-run");
const grace = process.argv.find((arg) => arg.startsWith("--grace-hours="))?.split("=")[1];
const graceHours = grace === undefined ? 24 : Number(grace);
if (!Number.isFinite(graceHours) || graceHours < 0) {
  console.error("--grace-hours must be a number of hours, 0 or more");
  process.exit(2);
}
const result = await collectMediaGarbage({ graceHours, dryRun });
const mb = (result.bytes / 1024 / 1024).toFixed(1);
console.log(
  `${dryRun ? "Would remove" : "Removed"} ${result.rows} media rows and ${result.files} files (${mb} MB).`,
);
process.exit(0);
