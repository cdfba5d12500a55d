// `npm run backup`: a consistent copy of the embedded database and the media, while the site runs
// (docs/operations.md). Prints the backup's folder.
import { createBackup } from "~/models/backup.server";

const backup = await createBackup();
console.log(`Backup written to ${backup.dir} (database and ${backup.mediaFiles} media files).`);
process.exit(0);
