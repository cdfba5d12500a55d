import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, stat, unlink, writeFile } from "node:fs/promises";
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
  /** Every stored file with its last change, and unfinished writes (`tmp`) left by a crash. */
  list(): AsyncIterable<StoredFile>;
  remove(file: StoredFile): Promise<void>;
}

export interface StoredFile {
  /** The media id, or for an unfinished write the file's name. */
  id: string;
  tmp: boolean;
  size: number;
  modified: Date;
  path: string;
}

/** A media id: the SHA-256 of the stored bytes, in hex. */
export const MEDIA_ID = /^[a-f0-9]{64}$/;
const TMP_FILE = /^[a-f0-9]{64}\.\d+\.[a-f0-9]+\.tmp$/;

async function names(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

export function fileStore(root: string): MediaStore {
  // Two levels of fan-out keep folders small: ab/cd/abcd….
  const fileOf = (id: string) => {
    if (!MEDIA_ID.test(id)) throw new Error("invalid media id");
    return path.resolve(root, id.slice(0, 2), id.slice(2, 4), id);
  };
  return {
    async put(id, bytes) {
      const file = fileOf(id);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file, even if the process dies mid-write.
      // A random name per write: two requests storing the same bytes at once must not share
      // one temporary file (the second rename would find it gone). Renames are atomic, so the
      // last one simply replaces identical bytes.
      const tmp = `${file}.${process.pid}.${randomBytes(8).toString("hex")}.tmp`;
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
    async *list() {
      for (const a of await names(root)) {
        for (const b of await names(path.join(root, a))) {
          for (const name of await names(path.join(root, a, b))) {
            const tmp = TMP_FILE.test(name);
            if (!tmp && !MEDIA_ID.test(name)) continue;
            const file = path.join(root, a, b, name);
            const info = await stat(file).catch(() => null);
            if (info?.isFile()) {
              yield { id: name, tmp, size: info.size, modified: info.mtime, path: file };
            }
          }
        }
      }
    },
    async remove(file) {
      // Only a path this store listed: names are checked again, nothing outside the root.
      const expected = file.tmp
        ? path.join(path.dirname(fileOf(file.id.slice(0, 64))), file.id)
        : fileOf(file.id);
      if (path.resolve(file.path) !== expected) throw new Error("not a media file");
      await unlink(expected).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
    },
  };
}

export const mediaStore: MediaStore = fileStore(path.resolve(config.MEDIA_DIR));
