import { createReadStream } from "node:fs";
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "~/config.server";

/**
 * Where media bytes live, named by their SHA-256. A small interface so that several servers
 * can share one store (a shared folder today; object storage would be another implementation).
 */
export interface MediaStore {
  put(id: string, bytes: Buffer): Promise<void>;
  /** A readable stream of bytes `start`..`end` (inclusive), or the whole file. */
  read(id: string, range?: { start: number; end: number }): NodeJS.ReadableStream;
  exists(id: string): Promise<boolean>;
}

export function fileStore(root: string): MediaStore {
  // Two levels of fan-out keep folders small: ab/cd/abcd….
  const fileOf = (id: string) => {
    if (!/^[a-f0-9]{64}$/.test(id)) throw new Error("invalid media id");
    return path.resolve(root, id.slice(0, 2), id.slice(2, 4), id);
  };
  return {
    async put(id, bytes) {
      const file = fileOf(id);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file, even if the process dies mid-write.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    },
    read(id, range) {
      return createReadStream(fileOf(id), range);
    },
    async exists(id) {
      try {
        await stat(fileOf(id));
        return true;
      } catch {
        return false;
      }
    },
  };
}

export const mediaStore: MediaStore = fileStore(path.resolve(config.MEDIA_DIR));
