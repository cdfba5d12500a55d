// `npm run restore -- <backup folder>`: puts a backup's database and media back. Stop the site
// first: the database file is replaced (docs/operations.md).
import path from "node:path";
import { restoreBackup } from "~/models/backup.server";

const dir = process.argv[2];
if (!dir) {
  console.error("Usage: npm run restore -- <backup folder, e.g. data/backups/2026-11-22T…>");
  process.exit(2);
}
try {
  const restored = await restoreBackup(path.resolve(dir));
  console.log(
    `Restored ${restored.database} (and ${restored.mediaRestored} missing media files). Start the site again.`,
  );
  process.exit(0);
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
