import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The 10,000 most common passwords (decision 058): SecLists' `10k-most-common.txt`, shipped as
 * it is in assets/. Read from the project's root, which every server process runs in (as the
 * receipt's fonts are), once per process, and only on the server: the browser never loads it.
 */
const FILE = path.resolve("assets/passwords/common-10k.txt");

let list: Set<string> | undefined;

/** Compared as people vary them least: case and Unicode form aside, as the hash sees them. */
const key = (password: string) => password.normalize("NFKC").toLowerCase();

export function isCommonPassword(password: string): boolean {
  list ??= new Set(readFileSync(FILE, "utf8").split(/\r?\n/).filter(Boolean).map(key));
  return list.has(key(password));
}
